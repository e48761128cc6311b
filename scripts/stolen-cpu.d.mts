/** Types of stolen-cpu.mjs (plain JavaScript, shared by the benchmarks and the Lighthouse audit). */
export declare const STOLEN_CPU_LIMIT_PERCENT: number;
export declare function watchStolenCpu(): () => number | undefined;
export declare function stolenCpuLine(percent: number | undefined): string | undefined;
