/**
 * The OpenMoji pictures of the board (packages/domain/src/symbols.ts), one explicit import each:
 * the build copies these files only, not the package's four thousand, and as files (no-inline)
 * so the chunk that draws them stays small and the browser caches each picture once. Only the
 * board, the messages and posts written with symbols and the easy-read key ideas
 * (components/ui/key-idea.tsx) import this module, never the landing.
 * The unit test checks this list against the catalogue.
 */
import s1F9D1 from 'openmoji/color/svg/1F9D1.svg?no-inline';
import s1FAF5 from 'openmoji/color/svg/1FAF5.svg?no-inline';
import s1F46A from 'openmoji/color/svg/1F46A.svg?no-inline';
import s1FAC2 from 'openmoji/color/svg/1FAC2.svg?no-inline';
import s1F9D1_200D_2695_FE0F from 'openmoji/color/svg/1F9D1-200D-2695-FE0F.svg?no-inline';
import s1F9D1_200D_1F91D_200D_1F9D1 from 'openmoji/color/svg/1F9D1-200D-1F91D-200D-1F9D1.svg?no-inline';
import s1F9D2 from 'openmoji/color/svg/1F9D2.svg?no-inline';
import s1F469 from 'openmoji/color/svg/1F469.svg?no-inline';
import s1F468 from 'openmoji/color/svg/1F468.svg?no-inline';
import s1F600 from 'openmoji/color/svg/1F600.svg?no-inline';
import s1F622 from 'openmoji/color/svg/1F622.svg?no-inline';
import s1F620 from 'openmoji/color/svg/1F620.svg?no-inline';
import s1F628 from 'openmoji/color/svg/1F628.svg?no-inline';
import s1F62B from 'openmoji/color/svg/1F62B.svg?no-inline';
import s1F61F from 'openmoji/color/svg/1F61F.svg?no-inline';
import s1F60C from 'openmoji/color/svg/1F60C.svg?no-inline';
import s2764 from 'openmoji/color/svg/2764.svg?no-inline';
import s1F915 from 'openmoji/color/svg/1F915.svg?no-inline';
import s1F912 from 'openmoji/color/svg/1F912.svg?no-inline';
import s1F48A from 'openmoji/color/svg/1F48A.svg?no-inline';
import s1F489 from 'openmoji/color/svg/1F489.svg?no-inline';
import s1F9BD from 'openmoji/color/svg/1F9BD.svg?no-inline';
import s1FAC1 from 'openmoji/color/svg/1FAC1.svg?no-inline';
import s1F9BB from 'openmoji/color/svg/1F9BB.svg?no-inline';
import s1F635 from 'openmoji/color/svg/1F635.svg?no-inline';
import s1F6CC from 'openmoji/color/svg/1F6CC.svg?no-inline';
import s1F3E0 from 'openmoji/color/svg/1F3E0.svg?no-inline';
import s1F3E5 from 'openmoji/color/svg/1F3E5.svg?no-inline';
import s1F3EB from 'openmoji/color/svg/1F3EB.svg?no-inline';
import s1F3E2 from 'openmoji/color/svg/1F3E2.svg?no-inline';
import s1F6D2 from 'openmoji/color/svg/1F6D2.svg?no-inline';
import s1F3DE from 'openmoji/color/svg/1F3DE.svg?no-inline';
import s1F6BB from 'openmoji/color/svg/1F6BB.svg?no-inline';
import s1F198 from 'openmoji/color/svg/1F198.svg?no-inline';
import s1FAF4 from 'openmoji/color/svg/1FAF4.svg?no-inline';
import s1F37D from 'openmoji/color/svg/1F37D.svg?no-inline';
import s1F964 from 'openmoji/color/svg/1F964.svg?no-inline';
import s1F6B6 from 'openmoji/color/svg/1F6B6.svg?no-inline';
import s23F3 from 'openmoji/color/svg/23F3.svg?no-inline';
import s1F5E3 from 'openmoji/color/svg/1F5E3.svg?no-inline';
import s1F4DE from 'openmoji/color/svg/1F4DE.svg?no-inline';
import s1F6D1 from 'openmoji/color/svg/1F6D1.svg?no-inline';
import s2753 from 'openmoji/color/svg/2753.svg?no-inline';
import s1F552 from 'openmoji/color/svg/1F552.svg?no-inline';
import s1F4CD from 'openmoji/color/svg/1F4CD.svg?no-inline';
import s1F465 from 'openmoji/color/svg/1F465.svg?no-inline';
import s1F914 from 'openmoji/color/svg/1F914.svg?no-inline';
import s1F615 from 'openmoji/color/svg/1F615.svg?no-inline';
import s1F501 from 'openmoji/color/svg/1F501.svg?no-inline';
import s2705 from 'openmoji/color/svg/2705.svg?no-inline';
import s274C from 'openmoji/color/svg/274C.svg?no-inline';
import s1F64F from 'openmoji/color/svg/1F64F.svg?no-inline';
import s1F97A from 'openmoji/color/svg/1F97A.svg?no-inline';
import s1F44B from 'openmoji/color/svg/1F44B.svg?no-inline';
import s1F44C from 'openmoji/color/svg/1F44C.svg?no-inline';
import s1F614 from 'openmoji/color/svg/1F614.svg?no-inline';
import s1F937 from 'openmoji/color/svg/1F937.svg?no-inline';

export const SYMBOL_IMAGES: Readonly<Record<string, string>> = {
  '1F9D1': s1F9D1,
  '1FAF5': s1FAF5,
  '1F46A': s1F46A,
  '1FAC2': s1FAC2,
  '1F9D1-200D-2695-FE0F': s1F9D1_200D_2695_FE0F,
  '1F9D1-200D-1F91D-200D-1F9D1': s1F9D1_200D_1F91D_200D_1F9D1,
  '1F9D2': s1F9D2,
  '1F469': s1F469,
  '1F468': s1F468,
  '1F600': s1F600,
  '1F622': s1F622,
  '1F620': s1F620,
  '1F628': s1F628,
  '1F62B': s1F62B,
  '1F61F': s1F61F,
  '1F60C': s1F60C,
  '2764': s2764,
  '1F915': s1F915,
  '1F912': s1F912,
  '1F48A': s1F48A,
  '1F489': s1F489,
  '1F9BD': s1F9BD,
  '1FAC1': s1FAC1,
  '1F9BB': s1F9BB,
  '1F635': s1F635,
  '1F6CC': s1F6CC,
  '1F3E0': s1F3E0,
  '1F3E5': s1F3E5,
  '1F3EB': s1F3EB,
  '1F3E2': s1F3E2,
  '1F6D2': s1F6D2,
  '1F3DE': s1F3DE,
  '1F6BB': s1F6BB,
  '1F198': s1F198,
  '1FAF4': s1FAF4,
  '1F37D': s1F37D,
  '1F964': s1F964,
  '1F6B6': s1F6B6,
  '23F3': s23F3,
  '1F5E3': s1F5E3,
  '1F4DE': s1F4DE,
  '1F6D1': s1F6D1,
  '2753': s2753,
  '1F552': s1F552,
  '1F4CD': s1F4CD,
  '1F465': s1F465,
  '1F914': s1F914,
  '1F615': s1F615,
  '1F501': s1F501,
  '2705': s2705,
  '274C': s274C,
  '1F64F': s1F64F,
  '1F97A': s1F97A,
  '1F44B': s1F44B,
  '1F44C': s1F44C,
  '1F614': s1F614,
  '1F937': s1F937,
};
