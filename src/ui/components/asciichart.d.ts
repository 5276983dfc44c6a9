// asciichart ships no types; only the part Chart.tsx uses is declared.
declare module 'asciichart' {
  export interface PlotConfig {
    height?: number;
    offset?: number;
    padding?: string;
    min?: number;
    max?: number;
    format?: (value: number, index: number) => string;
    symbols?: string[];
  }
  export function plot(series: readonly number[] | readonly (readonly number[])[], cfg?: PlotConfig): string;
  const asciichart: { plot: typeof plot };
  export default asciichart;
}
