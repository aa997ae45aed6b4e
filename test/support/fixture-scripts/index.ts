/** Every fixture script, by the name of the file it writes in fixtures/. */
import apres31 from './apres31-insurance-prison-partager.ts';
import exposedNext from './exposed-suspension-next-shoe.ts';
import exposed from './exposed-suspension.ts';
import foreign from './foreign-card.ts';
import four31 from './four-31-apres-forced-split.ts';
import ordinary from './ordinary.ts';
import prisonMoved from './prison-moved-released-after-two-wins.ts';
import runsOut from './runs-out-with-prison.ts';
import voidCard from './void-card.ts';
import type { ShoeBuilder } from '../shoe-builder.ts';

export const FIXTURE_SCRIPTS: Readonly<Record<string, () => ShoeBuilder>> = {
  ordinary: ordinary,
  'apres31-insurance-prison-partager': apres31,
  'prison-moved-released-after-two-wins': prisonMoved,
  'four-31-apres-forced-split': four31,
  'exposed-suspension': exposed,
  'exposed-suspension-next-shoe': exposedNext,
  'runs-out-with-prison': runsOut,
  'foreign-card': foreign,
  'void-card': voidCard,
};
