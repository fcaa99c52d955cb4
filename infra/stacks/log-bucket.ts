import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { LOG_RETENTION_DAYS } from '../config/stages';

/**
 * A bucket that AWS writes logs into (S3 server access logs, CloudFront standard logs): private,
 * encrypted, TLS only, deleted after the log retention the privacy policy names. Its ACLs stay
 * enabled (bucket owner preferred) because both log deliveries write with ACLs. `keep`: a stage
 * whose data is protected keeps it when its stack goes.
 */
export function logBucket(scope: Construct, id: string, { keep = false } = {}): Bucket {
  return new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(LOG_RETENTION_DAYS) }],
    removalPolicy: keep ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !keep,
  });
}
