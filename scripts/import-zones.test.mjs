import { describe, expect, it } from 'vitest';
import { violations } from './import-zones.mjs';

describe('import boundaries', () => {
  it('lets each part import what is below it', () => {
    expect(violations('functions/src/services/journey.ts', '../store/tasks')).toEqual([]);
    expect(violations('functions/src/lib/http.ts', '../services/account')).toEqual([]);
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
    expect(violations('functions/src/adapters/mail.ts', '../lib/http')).toHaveLength(1);
    expect(violations('functions/src/store/catalogue.ts', '../../../web/public/x.json')).toHaveLength(1);
    expect(violations('web/src/lib/api.ts', '../../../functions/src/routes')).toHaveLength(1);
  });
});
