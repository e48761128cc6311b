import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { readActing, switchBack } from '../../lib/acting-session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MySupporters } from './my-supporters';
import { PeopleIHelp } from './people-i-help';
import { SupporterActivityList } from './supporter-activity';
import './supporters.css';

/**
 * /ajustes/apoyo (issue 37 point 1, decision 0047): the people who help the member, and the
 * people the member helps. While acting for someone, it says so and offers the way back: a
 * supporter never manages the member's supporters.
 */
export default function SupportersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.supporters'));
  const [params] = useSearchParams();
  const acting = readActing();
  return (
    <section className="page page--narrow supporters">
      <h1>{t('supporters.title')}</h1>
      {params.get('ayuda') === 'terminada' && (
        <p role="status" className="message message--success">
          {t('supporters.helping.help_ended')}
        </p>
      )}
      {acting ? (
        <>
          <p>{t('supporters.acting.not_here', { name: acting.member.nombre || t('supporters.someone') })}</p>
          <Button variant="primary" onClick={() => switchBack()}>
            {t('supporters.acting.switch_back')}
          </Button>
        </>
      ) : (
        <>
          <MySupporters />
          <SupporterActivityList />
          <PeopleIHelp />
        </>
      )}
    </section>
  );
}
