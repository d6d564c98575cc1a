// One entry per benchmark file; each benchmark exports `run(): Promise<void>`.
export const benchmarks: Record<string, () => Promise<void>> = {};
