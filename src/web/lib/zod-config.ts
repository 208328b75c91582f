import { z } from 'zod';

// Our CSP never allows eval. Zod's compiled fast path probes `new Function` while building each
// object schema, and the browser reports every probe as a CSP violation (the probe fails quietly,
// but the console and any violation report fill up). Its interpreter is plenty for our forms.
// Imported first by main.tsx: the setting must be in place before any schema is built.
z.config({ jitless: true });
