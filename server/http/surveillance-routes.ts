/**
 * API.md "Surveillance" (read-only; roles surveillance and chef): the list of
 * shoes, a shoe's log as NDJSON, its events, the table at any event, verify,
 * the replay report with deck check and frequencies, the settlement CSV and
 * the printable report. Each request reads the shoe from the archive and
 * replays it through the rules engine: what is shown is what the log says.
 * The table at an event and the printable report are replayed in the upload
 * worker pool, never on the server's thread, and kept for a shoe that has
 * ended (record-answers.ts).
 * What leaves as a file (the log, the CSV, the printable report) and every
 * log opened for replay is an access-log entry first (access-routes.ts).
 */
import { randomBytes } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { replayShoe } from '../../shoe/replay.ts';
import { reportOf } from '../../shoe/replay-report.ts';
import { formatShoeLog } from '../../shoe/shoe-log.ts';
import { deckCheck } from '../../shoe/deck-check.ts';
import { BadRequestError, NotFoundError } from './errors.ts';
import { frequencies } from '../../shoe/frequencies.ts';
import { allow } from './permissions.ts';
import { pageKey, RecordAnswers } from './record-answers.ts';
import { shoeParams, stateQuery } from './schemas.ts';
import { settlementCsv } from './settlement-csv.ts';
import type { ShoeArchive } from './shoe-archive.ts';
import { OpenedLogs, withOpenedLogs } from './opened-logs.ts';
import { UploadChecker, type UploadLimits } from './upload-check.ts';
import type { AccessLog } from './access-log.ts';
import { recordExport } from './access-routes.ts';
import { integritySection, withIntegrity } from './report-integrity.ts';
import { reportLocale } from './report-words.ts';

/** A shoe log of 312 cards with bets is ~100 KB; room for long shoes with many players. */
const SHOE_LOG_LIMIT = '4mb';

export function surveillanceRoutes(archive: ShoeArchive | undefined, uploads?: UploadLimits, access?: AccessLog): Router {
  const router = Router();
  router.use('/api/shoes', allow('audit.read'));
  if (!archive) {
    router.use('/api/shoes', () => {
      throw new NotFoundError('this server keeps no shoe archive');
    });
    return router;
  }
  const checker = new UploadChecker(uploads);
  const opened = new OpenedLogs(checker);
  const answers = new RecordAnswers(checker);
  const shoes = withOpenedLogs(archive, opened);

  /** Opens a shoe log file for replay (body: the JSON Lines text); it does not enter the record. */
  router.post('/api/shoes/open', express.text({ type: ['application/x-ndjson', 'application/jsonl'], limit: SHOE_LOG_LIMIT }), async (req, res) => {
    if (typeof req.body !== 'string' || req.body.trim() === '') throw new BadRequestError('body', 'send the shoe log as application/x-ndjson');
    const name = typeof req.query.name === 'string' ? req.query.name : 'shoe log';
    const summary = await opened.open(req.body, name, new Date().toISOString());
    await recordExport(access, req, res, 'shoe-log-opened', { shoe: summary.id, name: summary.name ?? name });
    res.status(201).json(summary);
  });

  /** The id of a log opened from a file (its answers are kept: opened-logs.ts), or undefined for the record's. */
  const openedId = (req: Request) => {
    const { id } = shoeParams.parse(req.params);
    return opened.has(id) ? id : undefined;
  };
  const load = async (req: Request) => {
    const { id } = shoeParams.parse(req.params);
    const events = await shoes.readShoe(id);
    return { id, events };
  };

  router.get('/api/shoes', async (_req, res) => {
    res.json(await shoes.listShoes());
  });

  router.get('/api/shoes/:id/log', async (req, res) => {
    const { id, events } = await load(req);
    await recordExport(access, req, res, 'shoe-log', { shoe: id });
    res.type('application/x-ndjson').setHeader('Content-Disposition', `inline; filename="${id}.jsonl"`);
    res.send(opened.has(id) ? opened.kept(id).log : formatShoeLog(events));
  });

  router.get('/api/shoes/:id/events', async (req, res) => {
    const file = openedId(req);
    if (file !== undefined) return void res.type('json').send(opened.kept(file).eventsJson);
    res.json((await load(req)).events);
  });

  router.get('/api/shoes/:id/state', async (req, res) => {
    const file = openedId(req);
    const at = stateQuery.parse(req.query).at;
    if (file !== undefined) return void res.type('json').send(await opened.state(file, at));
    const { id } = shoeParams.parse(req.params);
    res.type('json').send(await answers.state(id, at, async () => (await load(req)).events));
  });

  router.get('/api/shoes/:id/verify', async (req, res) => {
    const { id } = shoeParams.parse(req.params);
    res.json(await shoes.verifyShoe(id));
  });

  router.get('/api/shoes/:id/report', async (req, res) => {
    const file = openedId(req);
    if (file !== undefined) return void res.type('json').send(opened.kept(file).reportJson);
    const { state } = replayShoe((await load(req)).events);
    res.json({ ...reportOf(state), deck: deckCheck(state), frequencies: frequencies(state) });
  });

  router.get('/api/shoes/:id/settlement.csv', async (req, res) => {
    const file = openedId(req);
    const { id, events } = file === undefined ? await load(req) : { id: file, events: [] };
    const sep = req.query.sep === ';' || req.query.sep === 'semicolon' ? ';' : ',';
    await recordExport(access, req, res, 'settlement-csv', { shoe: id });
    res.type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${id}-settlement.csv"`);
    res.send(file === undefined ? settlementCsv(replayShoe(events).state, sep) : opened.kept(file).csv[sep]);
  });

  router.get('/api/shoes/:id/report.html', async (req, res) => {
    const file = openedId(req);
    const { id } = shoeParams.parse(req.params);
    const { lang, tz } = req.query;
    // The record's shoe is read first (an unknown one is a 404 before any export is recorded), unless its page is kept.
    const events = file === undefined && !answers.has(id, pageKey(lang, tz)) ? (await load(req)).events : undefined;
    await recordExport(access, req, res, 'report-html', { shoe: id });
    const nonce = randomBytes(16).toString('base64');
    const page =
      file !== undefined ? await opened.page(file, lang, tz, nonce) : await answers.page(id, lang, tz, nonce, async () => events ?? (await load(req)).events);
    const verify = file !== undefined ? opened.kept(file).verify : await shoes.verifyShoe(id).catch(() => undefined);
    const printed = withIntegrity(page, integritySection(verify, reportLocale(lang, tz), new Date().toISOString()));
    // The page has one inline style block and no script: nothing else may load.
    res.setHeader('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    res.type('html').send(printed);
  });

  return router;
}
