// Registers moduleLogHooks.mjs: every module URL the process resolves is appended to the
// file named by PERPDESK_MODULE_LOG, so a test can read the real module graph of a run.
import { register } from 'node:module';

register('./moduleLogHooks.mjs', import.meta.url);
