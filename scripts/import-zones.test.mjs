import { describe, expect, it } from 'vitest';
import { cycles, specifiers, violations } from './import-zones.mjs';

describe('import boundaries', () => {
  it('lets each part import what is below it', () => {
    expect(violations('functions/src/services/journey.ts', '../store/tasks')).toEqual([]);
    expect(violations('functions/src/edge/http.ts', './admission')).toEqual([]);
    expect(violations('functions/src/edge/admission.ts', '../store/accounts')).toEqual([]);
    expect(violations('web/src/features/admin/UserPage.tsx', './customers')).toEqual([]);
    expect(violations('web/src/features/admin/UserPage.tsx', '../../lib/api')).toEqual([]);
    expect(violations('shared/schemas/admin.ts', '../journey')).toEqual([]);
    expect(violations('shared/schemas/admin.ts', 'zod')).toEqual([]);
  });

  it('refuses each crossing the README names', () => {
    expect(violations('web/src/features/admin/UserPage.tsx', '../dashboard/api')).toHaveLength(1);
    expect(violations('shared/api.ts', '../functions/src/routes')).toHaveLength(1);
    expect(violations('shared/api.ts', '../web/src/lib/api')).toHaveLength(1);
    expect(violations('functions/src/store/tasks.ts', '../services/journey')).toHaveLength(1);
    expect(violations('functions/src/adapters/mail.ts', '../edge/http')).toHaveLength(1);
    expect(violations('functions/src/store/profiles.ts', '../edge/caller')).toHaveLength(1);
    expect(violations('functions/src/store/catalogue.ts', '../../../web/public/x.json')).toHaveLength(1);
    expect(violations('web/src/lib/api.ts', '../../../functions/src/routes')).toHaveLength(1);
  });

  it("lets lib/ import its own leaf utilities, the functions' config and packages", () => {
    expect(violations('functions/src/lib/lambda.ts', './metrics')).toEqual([]);
    expect(violations('functions/src/lib/metrics.ts', '../config')).toEqual([]);
    expect(violations('functions/src/lib/errors.ts', '@shared/api-errors')).toEqual([]);
    expect(violations('functions/src/lib/lambda.ts', '@middy/core')).toEqual([]);
    // Its tests may check how a layer above uses it.
    expect(violations('functions/src/lib/tracing.test.ts', '../store/client')).toEqual([]);
  });

  it('refuses lib/ any layer above it, relative or aliased', () => {
    expect(violations('functions/src/lib/lambda.ts', '../edge/http')).toHaveLength(1);
    expect(violations('functions/src/lib/log.ts', '../services/account')).toHaveLength(1);
    expect(violations('functions/src/lib/tracing.ts', '../store/client')).toHaveLength(1);
    expect(violations('functions/src/lib/metrics.ts', '../adapters/mail')).toHaveLength(1);
    expect(violations('functions/src/lib/errors.ts', '../routes')).toHaveLength(1);
    expect(violations('functions/src/lib/clock.ts', '@functions/handlers/get-me')).toHaveLength(1);
    for (const layer of ['jobs/seed-catalogue', 'mail/templates', 'triggers/custom-message']) {
      expect(violations('functions/src/lib/log.ts', `../${layer}`)).toHaveLength(1);
    }
  });

  it("lets the SPA's components/ and lib/ import each other, shared/ and packages", () => {
    expect(violations('web/src/components/Avatar.tsx', '../lib/names')).toEqual([]);
    expect(violations('web/src/lib/api.ts', './auth')).toEqual([]);
    expect(violations('web/src/lib/api.ts', '@shared/api-paths')).toEqual([]);
    expect(violations('web/src/components/Avatar.tsx', 'react')).toEqual([]);
  });

  it("refuses the SPA's components/ and lib/ any feature or app/ module", () => {
    expect(violations('web/src/components/Avatar.tsx', '../features/admin/api')).toHaveLength(1);
    expect(violations('web/src/lib/i18n.ts', '../app/router')).toHaveLength(1);
    expect(violations('web/src/components/forms/Field.tsx', '../../features/profile/schema')).toHaveLength(1);
  });
});

describe('import cycles', () => {
  it('finds none in a graph without one, however its paths join', () => {
    const diamond = new Map([
      ['a', ['b', 'c']],
      ['b', ['d']],
      ['c', ['d']],
      ['d', []],
    ]);
    expect(cycles(diamond)).toEqual([]);
  });

  it('reports each cycle with its files, of two files or more, and a file importing itself', () => {
    const graph = new Map([
      ['entities', ['table', 'catalogue']],
      ['catalogue', ['client', 'entities']],
      ['client', ['entities', 'table']],
      ['table', []],
      ['auth', ['documents']],
      ['documents', ['auth']],
      ['self', ['self']],
      ['above', ['auth', 'entities']],
    ]);
    expect(cycles(graph)).toEqual([['auth', 'documents'], ['catalogue', 'client', 'entities'], ['self']]);
  });

  it('counts every kind of import, type-only ones too', () => {
    const text = [
      "import type { Phase } from './entities';",
      "import { batchWrite } from './client';",
      "export { clock } from '../lib/clock';",
      "const lazy = () => import('./documents');",
      "const cjs = require('./runner.cjs');",
    ].join('\n');
    expect(specifiers(text)).toEqual([
      './entities',
      './client',
      '../lib/clock',
      './documents',
      './runner.cjs',
    ]);
  });
});
