/**
 * The floor page's header says who is logged in whole on a portrait tablet
 * (768×1024), in English and Italian: beside "Trente et Quarante · La sala" it
 * read "Collegato come surveillance · S…", the role cut (outside floor pass
 * 44). Real central store, as the other floor suites. Screenshots:
 * floor-header-who-<lang>.png.
 */
import { expect } from 'chai';
import { floorRig } from './support/floor-rig.ts';
import { openPage, screenshot, scriptErrors } from './support/chromium.ts';
import { loginAs } from './support/login.ts';

describe('the floor header says who is logged in whole at 768 and 600 px (Chromium, real central store)', function () {
  this.timeout(60_000);
  const rig = floorRig();

  // and at 600 px, a small tablet or a phone held by a supervisor on the floor (outside floor pass 45)
  for (const width of [768, 600] as const)
    for (const lang of ['en', 'it'] as const)
      it(`shows the user and the role whole, the brand and buttons too (${width} px, ${lang})`, async () => {
        const page = await openPage(rig.browser, 'portrait');
        try {
          await page.setViewportSize({ width, height: 1024 });
          await loginAs(page, rig.floor.url, 'surveillance', lang);
          const who = page.locator('tq-app [data-who=surveillance]');
          const seen = await who.evaluate((e) => {
            const header = e.parentElement!;
            const right = header.getBoundingClientRect().right;
            return {
              cut: e.scrollWidth - e.clientWidth,
              // what a reader sees of it: the text of its parts drawn, each inside the header
              text: [...e.childNodes]
                .filter((n) => n.nodeType === Node.TEXT_NODE || (n.nodeType === Node.ELEMENT_NODE && getComputedStyle(n as Element).display !== 'none'))
                .map((n) => n.textContent)
                .join('')
                .replace(/\s+/g, ' ')
                .trim(),
              past: Math.max(...[...header.children].map((c) => c.getBoundingClientRect().right)) - right,
              brandCut: header.querySelector<HTMLElement>('.brand')!.scrollWidth - header.querySelector<HTMLElement>('.brand')!.clientWidth,
              height: header.getBoundingClientRect().height,
            };
          });
          await screenshot(page, `floor-header-who-${width}-${lang}`);
          expect(seen.text, 'who is logged in, as shown').to.include(`surveillance · ${lang === 'en' ? 'Surveillance' : 'Sorveglianza'}`);
          expect(seen.cut, `who is logged in, cut by (${seen.text})`).to.be.at.most(0);
          expect(seen.brandCut, 'the brand cut by').to.be.at.most(0);
          expect(seen.past, 'the header’s parts past its right edge by').to.be.at.most(0.5);
          // on one line at 768; at 600 the user and role on a second line of their own
          expect(seen.height, 'the header’s height').to.be.below(width === 768 ? 60 : 100);
          expect(await who.getAttribute('title')).to.equal(
            `${lang === 'en' ? 'Logged in as' : 'Collegato come'} surveillance · ${lang === 'en' ? 'Surveillance' : 'Sorveglianza'}`,
          );
          expect(scriptErrors(page)).to.deep.equal([]);
        } finally {
          await page.context().close();
        }
      });
});
