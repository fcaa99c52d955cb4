import { createHash } from 'node:crypto';
import { CfnGuardrail, CfnGuardrailVersion } from 'aws-cdk-lib/aws-bedrock';
import { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';

/** What a function needs to converse through the guardrail: its id and version (env), ARN (IAM). */
export interface GuardrailRef {
  id: string;
  arn: string;
  version: string;
}

/** Never shown: any intervention makes the service answer extractively (services/companion.ts). */
const BLOCKED = 'The companion cannot answer this question.';

/**
 * Advice on a person's own case is a lawyer's, a Steuerberater's or a licensed broker's: the
 * companion gives the guide's general information, and the customer can ask our team.
 */
const DENIED_TOPICS: CfnGuardrail.TopicConfigProperty[] = [
  {
    name: 'Individual legal advice',
    type: 'DENY',
    definition:
      "Advice on a person's own legal case: whether they should appeal, sign, sue or object, their chances in a procedure, or what the law requires of them in particular.",
    examples: [
      'Should I appeal the rejection of my visa?',
      'Can my landlord legally evict me?',
      'Soll ich gegen den Bescheid der Ausländerbehörde klagen?',
    ],
  },
  {
    name: 'Individual tax advice',
    type: 'DENY',
    definition:
      "Advice on a person's own taxes: which tax class or deductions they should choose, how much they will pay or get back, how to fill in their own tax return.",
    examples: [
      'Which tax class should my wife and I choose?',
      'How much tax will I get back this year?',
      'Welche Kosten kann ich in meiner Steuererklärung absetzen?',
    ],
  },
  {
    name: 'Individual insurance advice',
    type: 'DENY',
    definition:
      'A recommendation of a particular insurance company, tariff or policy for a person, or whether they should switch or cancel their own insurance.',
    examples: [
      'Which health insurance company is best for me?',
      'Should I switch to private health insurance?',
      'Welche Haftpflichtversicherung soll ich abschließen?',
    ],
  },
];

/**
 * Personal data in a question is blocked before any model sees it, and in an answer before
 * anyone reads it; the extractive answer is shown instead. Phone numbers are blocked in
 * questions only: the guide's answers quote public service numbers (112, 116 117).
 */
const PII: CfnGuardrail.PiiEntityConfigProperty[] = [
  ...[
    'EMAIL',
    'INTERNATIONAL_BANK_ACCOUNT_NUMBER',
    'CREDIT_DEBIT_CARD_NUMBER',
    'CREDIT_DEBIT_CARD_CVV',
    'CREDIT_DEBIT_CARD_EXPIRY',
    'PASSWORD',
  ].map((type) => ({ type, action: 'BLOCK' })),
  { type: 'PHONE', action: 'BLOCK', inputAction: 'BLOCK', outputAction: 'NONE' },
];

const CONTENT_FILTERS: CfnGuardrail.ContentFilterConfigProperty[] = [
  ...['SEXUAL', 'VIOLENCE', 'HATE', 'INSULTS', 'MISCONDUCT'].map((type) => ({
    type,
    inputStrength: 'HIGH',
    outputStrength: 'HIGH',
  })),
  // Checked on the question only (a model's output strength must be NONE for this filter).
  { type: 'PROMPT_ATTACK', inputStrength: 'HIGH', outputStrength: 'NONE' },
];

/**
 * The companion's Bedrock Guardrail and a version of it (Converse names a version; a draft
 * would change under a running stage). A version is immutable: its description carries a hash
 * of the guardrail's settings, so a change of them makes CloudFormation publish a new version,
 * and the functions are pointed at it in the same deploy.
 */
export class CompanionGuardrail extends Construct {
  readonly ref: GuardrailRef;

  constructor(scope: Construct, id: string, config: StageConfig) {
    super(scope, id);
    const settings = {
      topicPolicyConfig: { topicsConfig: DENIED_TOPICS },
      sensitiveInformationPolicyConfig: { piiEntitiesConfig: PII },
      contentPolicyConfig: { filtersConfig: CONTENT_FILTERS },
      wordPolicyConfig: { managedWordListsConfig: [{ type: 'PROFANITY' }] },
    };
    const guardrail = new CfnGuardrail(this, 'Guardrail', {
      name: `relocation-${config.stage}-companion`,
      description: 'The companion: no individual legal, tax or insurance advice; no personal data in or out.',
      blockedInputMessaging: BLOCKED,
      blockedOutputsMessaging: BLOCKED,
      ...settings,
    });
    const hash = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
    const version = new CfnGuardrailVersion(this, 'Version', {
      guardrailIdentifier: guardrail.attrGuardrailId,
      description: `Settings ${hash}`,
    });
    this.ref = {
      id: guardrail.attrGuardrailId,
      arn: guardrail.attrGuardrailArn,
      version: version.attrVersion,
    };
  }
}
