// The files part of restore-customer against a mocked S3 (the local S3 emulator keeps no
// versions): what it undeletes or copies for a moment, and that a rerun changes nothing more.
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  ListObjectVersionsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyFiles, planFileRestore } from './files';

const OLD = '11111111-1111-4111-8111-111111111111';
const NEW = '22222222-2222-4222-8222-222222222222';
const BUCKET = 'documents';
const s3 = mockClient(S3Client);
const client = new S3Client({ region: 'eu-central-1' });
const at = new Date('2025-03-10T12:00:00Z');
const before = new Date('2025-03-01T09:00:00Z');
const deletion = new Date('2025-03-11T08:00:00Z');

type Listing = {
  Versions: { Key: string; VersionId: string; LastModified: Date; IsLatest: boolean }[];
  DeleteMarkers: { Key: string; VersionId: string; LastModified: Date; IsLatest: boolean }[];
};
/** The bucket's history under each prefix, as ListObjectVersions would answer (one page). */
let histories: Record<string, Listing>;

beforeEach(() => {
  s3.reset();
  histories = {
    [`${OLD}/`]: {
      Versions: [
        // Uploaded before the moment, deleted after it: comes back.
        { Key: `${OLD}/passport.pdf`, VersionId: 'p1', LastModified: before, IsLatest: false },
        // Uploaded after the moment: did not exist then, stays deleted.
        {
          Key: `${OLD}/late.pdf`,
          VersionId: 'l1',
          LastModified: new Date('2025-03-10T18:00:00Z'),
          IsLatest: false,
        },
        // Deleted before the moment: gone then, stays gone.
        { Key: `${OLD}/old.pdf`, VersionId: 'o1', LastModified: before, IsLatest: false },
      ],
      DeleteMarkers: [
        { Key: `${OLD}/passport.pdf`, VersionId: 'pm', LastModified: deletion, IsLatest: true },
        { Key: `${OLD}/late.pdf`, VersionId: 'lm', LastModified: deletion, IsLatest: true },
        {
          Key: `${OLD}/old.pdf`,
          VersionId: 'om',
          LastModified: new Date('2025-03-05T00:00:00Z'),
          IsLatest: true,
        },
      ],
    },
    [`${NEW}/`]: { Versions: [], DeleteMarkers: [] },
  };
  s3.on(ListObjectVersionsCommand).callsFake((input: { Prefix: string }) => ({
    ...(histories[input.Prefix] ?? { Versions: [], DeleteMarkers: [] }),
    IsTruncated: false,
  }));
});

describe('restore-customer: files', () => {
  it('undeletes, under the same id, exactly the files that existed at the moment, and reruns as a no-op', async () => {
    const plan = await planFileRestore(client, BUCKET, at, OLD, OLD);
    expect(plan).toEqual([{ kind: 'undelete', key: `${OLD}/passport.pdf`, markers: ['pm'] }]);
    s3.on(DeleteObjectCommand).callsFake((input: { Key: string; VersionId: string }) => {
      // S3 as it behaves: removing the delete marker makes the version before it current.
      const listing = histories[`${OLD}/`] as Listing;
      listing.DeleteMarkers = listing.DeleteMarkers.filter((m) => m.VersionId !== input.VersionId);
      for (const v of listing.Versions) if (v.Key === input.Key) v.IsLatest = true;
      return {};
    });
    await applyFiles(client, BUCKET, plan);
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input)).toEqual([
      { Bucket: BUCKET, Key: `${OLD}/passport.pdf`, VersionId: 'pm' },
    ]);
    expect(s3.commandCalls(CopyObjectCommand)).toHaveLength(0);
    expect(await planFileRestore(client, BUCKET, at, OLD, OLD)).toEqual([]);
  });

  it("copies the moment's versions into a new sign-in's folder, and skips what is there already", async () => {
    const plan = await planFileRestore(client, BUCKET, at, OLD, NEW);
    expect(plan).toEqual([
      { kind: 'copy', key: `${NEW}/passport.pdf`, from: { key: `${OLD}/passport.pdf`, versionId: 'p1' } },
    ]);
    s3.on(CopyObjectCommand).resolves({});
    await applyFiles(client, BUCKET, plan);
    expect(s3.commandCalls(CopyObjectCommand).map((c) => c.args[0].input)).toEqual([
      {
        Bucket: BUCKET,
        Key: `${NEW}/passport.pdf`,
        CopySource: `${BUCKET}/${OLD}/passport.pdf?versionId=p1`,
      },
    ]);
    (histories[`${NEW}/`] as Listing).Versions.push({
      Key: `${NEW}/passport.pdf`,
      VersionId: 'n1',
      LastModified: new Date(),
      IsLatest: true,
    });
    expect(await planFileRestore(client, BUCKET, at, OLD, NEW)).toEqual([]);
  });

  it('copies the version of the moment back when the key was written again since (never the newer one)', async () => {
    const listing = histories[`${OLD}/`] as Listing;
    listing.Versions.push({
      Key: `${OLD}/passport.pdf`,
      VersionId: 'p2',
      LastModified: new Date('2025-03-10T20:00:00Z'),
      IsLatest: false,
    });
    expect(await planFileRestore(client, BUCKET, at, OLD, OLD)).toEqual([
      { kind: 'copy', key: `${OLD}/passport.pdf`, from: { key: `${OLD}/passport.pdf`, versionId: 'p1' } },
    ]);
  });

  it('reads every page of the versions', async () => {
    s3.on(ListObjectVersionsCommand)
      .resolvesOnce({
        Versions: [{ Key: `${OLD}/a.pdf`, VersionId: 'a1', LastModified: before, IsLatest: false }],
        IsTruncated: true,
        NextKeyMarker: `${OLD}/a.pdf`,
        NextVersionIdMarker: 'a1',
      })
      .resolvesOnce({
        Versions: [{ Key: `${OLD}/b.pdf`, VersionId: 'b1', LastModified: before, IsLatest: false }],
        DeleteMarkers: [
          { Key: `${OLD}/a.pdf`, VersionId: 'am', LastModified: deletion, IsLatest: true },
          { Key: `${OLD}/b.pdf`, VersionId: 'bm', LastModified: deletion, IsLatest: true },
        ],
        IsTruncated: false,
      });
    expect((await planFileRestore(client, BUCKET, at, OLD, OLD)).map((a) => a.key)).toEqual([
      `${OLD}/a.pdf`,
      `${OLD}/b.pdf`,
    ]);
    expect(s3.commandCalls(ListObjectVersionsCommand)[1]?.args[0].input).toMatchObject({
      KeyMarker: `${OLD}/a.pdf`,
      VersionIdMarker: 'a1',
    });
  });
});
