export declare const STAMP: string;
/** tsconfig.json's `include`: the folders tsc compiles into dist/. */
export declare const COMPILED: string[];
export declare const INPUT_FOLDERS: string[];
export declare const INPUT_FILES: string[];
/** Why dist/ is not current (one line), or null when it is. */
export declare function staleReason(root?: string): string | null;
