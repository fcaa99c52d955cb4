// `npm run restore-customer`'s steps, with its two seams: where the restored table comes from
// (AWS: a point-in-time restore, aws.ts; tests: a copy of a table) and who the sign-in is.
import type { S3Client } from '@aws-sdk/client-s3';
import { profiles } from '../../functions/src/store/entities';
import { applyFiles, type FileAction, planFileRestore } from './files';
import { applyItems, planItems } from './items';

/** A table holding the stage's table as it was at a moment; `dispose` removes it. */
export interface RestoredTable {
  name: string;
  dispose: () => Promise<void>;
}
export type RestoredTableProvider = (at: Date) => Promise<RestoredTable>;

export interface RestoreOptions {
  /** The deleted customer's id. */
  userId: string;
  /** Their new sign-in's id, when the old one is gone (default: the same id). */
  asUserId?: string;
  /** A moment before the deletion. */
  at: Date;
  /** Write; without it, only the summary. */
  apply: boolean;
  /** Write over what the customer has now. */
  force: boolean;
  restoredTable: RestoredTableProvider;
  /** The e-mail of the sign-in with this id, or null when there is none. */
  identityEmail: (userId: string) => Promise<string | null>;
  /** What to do to create a sign-in for this e-mail and find its id (the stage's commands). */
  identityHelp: (email: string) => string[];
  /** The documents bucket; without it, files are left alone. */
  files?: { s3: S3Client; bucket: string };
  print: (line: string) => void;
}

export type RestoreOutcome = 'planned' | 'restored' | 'refused' | 'no-sign-in' | 'nothing-to-restore';

export async function restoreCustomer(options: RestoreOptions): Promise<RestoreOutcome> {
  const { userId, at, print } = options;
  const toId = options.asUserId ?? userId;
  const source = await options.restoredTable(at);
  print(`Restored table: ${source.name} (the table at ${at.toISOString()})`);
  const plan = await planItems(source.name, userId, toId, at);
  const profileItem = plan.items.find(profiles.owns);
  if (!profileItem) {
    print(
      `${userId} had no profile at ${at.toISOString()}: nothing to restore. Pick a moment before the deletion.`,
    );
    return 'nothing-to-restore';
  }
  const email = profiles.fromItem(profileItem).profile.email;
  const files: FileAction[] = options.files
    ? await planFileRestore(options.files.s3, options.files.bucket, at, userId, toId)
    : [];
  print(`Customer ${email}: ${userId}${toId === userId ? '' : ` → restored as ${toId}`}`);
  print(
    `Items: ${plan.items.length} (${Object.entries(plan.kinds)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')})`,
  );
  print(
    `Files: ${files.filter((f) => f.kind === 'undelete').length} to undelete, ${files.filter((f) => f.kind === 'copy').length} to copy${options.files ? '' : ' (no bucket given: files left alone)'}`,
  );

  const signIn = await options.identityEmail(toId);
  if (!signIn) {
    print(
      [
        `The sign-in ${toId} does not exist (a deletion removes it, and a new one gets a new id). To restore:`,
        ...options.identityHelp(email),
        `Then run this again with --as-user-id <that id>${options.apply ? ' --apply' : ''}.`,
      ].join('\n'),
    );
    return 'no-sign-in';
  }
  if (signIn.toLowerCase() !== email.toLowerCase())
    print(`Note: the sign-in's e-mail is ${signIn}, the restored profile's ${email}.`);
  if (plan.conflicts.length > 0) {
    print(
      `${toId} has ${plan.conflicts.length} item(s) now that this restore did not write (${plan.conflicts
        .map((item) => String(item.SK))
        .slice(0, 5)
        .join(
          ', ',
        )}…)${options.force ? ': --force, restoring over them' : ': refused (--force restores over them; items of the same key are replaced, others stay)'}.`,
    );
    if (!options.force) return 'refused';
  }
  if (!options.apply) {
    print(`Dry run: nothing written. Run again with --apply to restore.`);
    return 'planned';
  }
  if (options.files) await applyFiles(options.files.s3, options.files.bucket, files);
  await applyItems(plan, toId);
  await source.dispose();
  print(`Restored ${email} as ${toId}; the admin's lists and counts are rebuilt.`);
  return 'restored';
}
