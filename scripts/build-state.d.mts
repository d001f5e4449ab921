export declare const STAMP: string;
export declare const INPUT_FOLDERS: string[];
export declare const INPUT_FILES: string[];
/** Why dist/ is not current (one line), or null when it is. */
export declare function staleReason(root?: string): string | null;
