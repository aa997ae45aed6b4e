#!/usr/bin/env node
// Entry for `npx tq …`: runs the TypeScript CLI through tsx (no build step).
import { register } from 'tsx/esm/api';
register();
await import('./tq.ts');
