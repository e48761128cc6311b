import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '@juntos/domain';
import { scrollBehavior } from '../../lib/motion';
import { Button } from '../../components/ui/button';
import './landing.css';

/** Appears once the page is scrolled more than 300 px (spec §2, §9). */
export function ScrollToTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <Button
      variant="primary"
      // Its arrow is shown in every reading mode.
      pictogram={false}
      className="scroll-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: scrollBehavior() });
        // Keyboard users continue from the top, not from the button's old position.
        document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true" className="icon icon--arrow-up" />
      {t('landing.scroll_top')}
    </Button>
  );
}
