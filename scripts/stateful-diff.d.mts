export interface StatefulRule {
  what: string;
  type: string;
  logicalId?: RegExp;
}
export declare const STATEFUL: StatefulRule[];
export declare function statefulChanges(
  diffText: string,
): { stack: string; type: string; logicalId: string; impact: string; what: string }[];
export declare function verdict(changes: ReturnType<typeof statefulChanges>): string;
