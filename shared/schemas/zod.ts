// Every schema module takes zod from here, so this runs before any schema is built (zod reads
// the setting then). In a browser zod would compile object parsers with `new Function`, probing
// for it first: the SPA's CSP has no 'unsafe-eval', so the probe is refused and reported as a
// violation (zod falls back and works). The compiled parsers pay off in a Lambda's hot loop, not
// on a form, so only browsers go without them.
import * as z from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export * from 'zod';
