import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useMute } from './mutes-api';

/**
 * Mutes or unmutes a member (their posts, comments and notifications) or a community (its posts in
 * the main feed), privately (issue 37 point 3). The button says what it will do, with the name for
 * screen readers when the visible text is short.
 */
export function MuteButton({ kind, id, name }: { kind: 'member' | 'community'; id: number; name: string }) {
  const { t } = useTranslation();
  const { muted, ready, busy, toggle } = useMute({ kind, id, name });
  if (!ready) return null;
  return (
    <Button size="small" disabled={busy} onClick={toggle}>
      {t(`mutes.${kind}_${muted ? 'unmute' : 'mute'}`)}
      <span className="visually-hidden"> {name}</span>
    </Button>
  );
}
