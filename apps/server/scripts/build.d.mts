/** Bundles `entry` (a server entry point) into `outfile` (scripts/build.mjs). */
export function bundleServer(entry: string, outfile: string): Promise<void>;
