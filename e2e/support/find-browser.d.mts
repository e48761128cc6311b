/** Types of find-browser.mjs (plain JavaScript, shared with scripts/ensure-browser.mjs). */
export declare const CHROMIUM_FLAGS: string[];
export declare const DEFAULT_BROWSER_PATH: string;
export declare function isExecutable(file: string): boolean;
export declare function findBrowser(
  environment?: NodeJS.ProcessEnv,
  places?: { defaultPath: string; applications: string[] },
): string | undefined;
