export type PrerenderedPath = '/' | '/login' | '/signup';
export declare const PAGES: Record<PrerenderedPath, { html: string; modules: string[] }>;
export declare function appFiles(dist: string, path: PrerenderedPath): string[];
