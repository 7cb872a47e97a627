/** Set by vite.config.ts at build time: tells one build's saved API responses from another's. */
declare const __BUILD_ID__: string;
