/**
 * The card names shared by the page and the mail (worker/words/cards): every language names
 * every card, French keeps the game's original names, and the page and the mail resolve each card
 * id to the same name in every language, in a bare name, a log line and a mail subject alike.
 */
import { describe, expect, it } from 'vitest';
import { cardName as pageCardName } from '../../web/src/components/Card';
import { LANGUAGES, setLanguage } from '../../web/src/i18n';
import { eventText } from '../../web/src/lib/words';
import { CARD_IDS, HAZARD_CARDS } from '../../worker/engine/cards';
import { composeMail } from '../../worker/notify/compose';
import { cardText, describeEvent as mailEvent, type TableNames } from '../../worker/notify/events';
import { catalogFor } from '../../worker/notify/i18n';
import { type CardNames, cardName } from '../../worker/words/cards/catalog';
import { de } from '../../worker/words/cards/de';
import { en } from '../../worker/words/cards/en';
import { fr } from '../../worker/words/cards/fr';
import { nb } from '../../worker/words/cards/nb';
import { sv } from '../../worker/words/cards/sv';
import { ALL_CONTENTS, ctx } from '../mail/fixtures';
import { info } from '../web/fixtures';

const NAMES = { en, fr, de, sv, nb } as const;
/** The same two players for the page (MatchInfo) and the mail (TableNames). */
const page = info(null);
const mailTable: TableNames = { names: page.seats.map((s) => s.name), teams: [[0], [1]], reader: 0 };

describe('card name catalogs', () => {
  it('exist for the five languages of the page', () => {
    expect(Object.keys(NAMES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('have a name for every card in every language', () => {
    for (const names of Object.values(NAMES) as CardNames[])
      for (const c of CARD_IDS) expect(names[c]).toBeTruthy();
  });

  it('use the original French card names of RULES.md §1', () => {
    expect(fr.roll).toBe('Feu vert');
    expect(fr.stop).toBe('Feu rouge');
    expect(fr.driving_ace).toBe('As du volant');
    expect(fr.right_of_way).toBe('Véhicule prioritaire');
    expect(fr.puncture_proof).toBe('Increvable');
    expect(fr.extra_tank).toBe('Citerne d’essence');
  });

  it('give running text the name without its soft hyphens', () => {
    expect(de.flat_tire).toContain('\u00AD');
    expect(cardName(de, 'flat_tire')).toBe('Reifenpanne');
    expect(cardName(en, 'right_of_way')).toBe('Right of Way');
  });
});

describe('the page and the mail', () => {
  for (const lang of LANGUAGES) {
    it(`name every card alike in ${lang}`, async () => {
      await setLanguage(lang, false); // the page's own loader: the language's lazy chunk
      const mail = catalogFor(lang);
      for (const card of CARD_IDS) {
        const name = pageCardName(card);
        expect(name, card).toBe(cardText(card, mail));
        expect(name, card).toBe(cardName(NAMES[lang], card));
        expect(name, card).not.toContain('\u00AD');
        const discarded = { type: 'discarded', seat: 1, card } as const;
        expect(eventText(discarded, page, { teams: [[0], [1]] }), card).toBe(
          mailEvent(discarded, mailTable, mail),
        );
      }
      for (const hazard of HAZARD_CARDS) {
        const subject = composeMail(ctx(lang), { ...ALL_CONTENTS.responseWindow, hazard } as never).subject;
        expect(subject, hazard).toContain(pageCardName(hazard));
      }
    });
  }

  it('leave the page in English again', async () => {
    await setLanguage('en', false);
    expect(pageCardName('roll')).toBe('Roll');
  });
});
