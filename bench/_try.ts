import { benchDashboard } from './dashboard.js';
const t0 = Date.now();
const r = await benchDashboard({ activities: ['busy'], warmupSeconds: 5, windowSeconds: 8, latencySamples: 10, startupRuns: 1, soakMinutes: 0.6, skipBuild: true });
console.log(r.markdown);
console.log(r.goals);
console.log('took', (Date.now()-t0)/1000);
