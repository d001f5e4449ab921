export declare const STAMP: string;
export declare const QUICK_STAMP: string;
/** tsconfig.json's `include`: the folders tsc compiles into dist/. */
export declare const COMPILED: string[];
export declare const INPUT_FOLDERS: string[];
export declare const INPUT_FILES: string[];
/** Why dist/ is not current (one line), or null when it is (a full build's question). */
export declare function staleReason(root?: string): string | null;
export type QuickPlan = { full: string } | { sources: string[]; page: boolean; bundle: boolean };
/** What a quick build has to do: null when dist/ is current. */
export declare function quickPlan(root?: string): QuickPlan | null;
/** The dist/ path tsc writes for a source path. */
export declare function compiledPath(source: string): string;
/** Transpile sources (paths from the root) into dist/, each with its source map. */
export declare function transpile(root: string, sources: readonly string[]): Promise<void>;
/** Run a quick build's plan; resolves to a one-line account. */
export declare function quickBuild(
  root: string,
  plan: { sources: string[]; page: boolean; bundle: boolean },
): Promise<string>;
