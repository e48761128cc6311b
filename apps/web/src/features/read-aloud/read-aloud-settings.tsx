import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayPreferences } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { READ_ALOUD_RATES, orderVoices } from './read-aloud-text';
import { speechAvailable } from './reading-state';
import './read-aloud.css';
import { displayNames, numberFormat } from '../../lib/intl-formats';

type ReadAloudChoice = Partial<Pick<DisplayPreferences, 'readAloudRate' | 'readAloudVoice'>>;

/** The browser's voices, which many browsers load after the page (`voiceschanged`). */
function useVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() =>
    speechAvailable() ? window.speechSynthesis.getVoices() : [],
  );
  useEffect(() => {
    if (!speechAvailable()) return;
    const synthesis = window.speechSynthesis;
    const update = () => setVoices(synthesis.getVoices());
    update();
    synthesis.addEventListener('voiceschanged', update);
    return () => synthesis.removeEventListener('voiceschanged', update);
  }, []);
  return voices;
}

/**
 * The read-aloud part of the display settings: the voice (those of the member's language first;
 * "Automatic" lets the browser choose for each text's language), the speed, and a sentence to try
 * them on. Saved with the other display preferences by the dialog.
 */
export function ReadAloudSettings({
  rate,
  voice,
  onChange,
}: {
  rate: number;
  voice: string | null;
  onChange: (change: ReadAloudChoice) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const voices = useVoices();
  const [noVoice, setNoVoice] = useState(false);
  const headingId = useId();
  const { own, other } = useMemo(() => orderVoices(voices, language), [voices, language]);
  const languageNames = displayNames(language, { type: 'language' });
  const numbers = numberFormat(language);
  const voiceLabel = (candidate: SpeechSynthesisVoice) => {
    let name = candidate.lang;
    try {
      name = languageNames.of(candidate.lang.replace('_', '-')) ?? candidate.lang;
    } catch {
      // A tag Intl does not accept is shown as the system wrote it.
    }
    return `${candidate.name} – ${name}`;
  };
  const missing =
    voice !== null && voices.length > 0 && !voices.some((candidate) => candidate.voiceURI === voice);

  return (
    <div role="group" aria-labelledby={headingId} className="read-aloud-settings">
      <h3 id={headingId} className="read-aloud-settings__title">
        {t('read_aloud.settings_title')}
      </h3>
      {!speechAvailable() ? (
        <p>{t('read_aloud.unavailable')}</p>
      ) : (
        <>
          <SelectField
            label={t('read_aloud.voice')}
            hint={t('read_aloud.voice_hint')}
            value={voice ?? ''}
            onChange={(event) => onChange({ readAloudVoice: event.target.value || null })}
          >
            <option value="">{t('read_aloud.voice_automatic')}</option>
            {missing && <option value={voice}>{t('read_aloud.voice_missing')}</option>}
            {own.length > 0 && (
              <optgroup label={t('read_aloud.voices_this_language')}>
                {own.map((candidate) => (
                  <option key={candidate.voiceURI} value={candidate.voiceURI}>
                    {voiceLabel(candidate)}
                  </option>
                ))}
              </optgroup>
            )}
            {other.length > 0 && (
              <optgroup label={t('read_aloud.voices_elsewhere')}>
                {other.map((candidate) => (
                  <option key={candidate.voiceURI} value={candidate.voiceURI}>
                    {voiceLabel(candidate)}
                  </option>
                ))}
              </optgroup>
            )}
          </SelectField>
          <SelectField
            label={t('read_aloud.rate')}
            value={rate}
            onChange={(event) => onChange({ readAloudRate: Number(event.target.value) })}
          >
            {READ_ALOUD_RATES.map((step) => (
              <option key={step} value={step}>
                {t(step === 1 ? 'read_aloud.rate_normal' : 'read_aloud.rate_value', {
                  value: numbers.format(step),
                })}
              </option>
            ))}
          </SelectField>
          <div className="read-aloud-settings__try">
            <Button
              size="small"
              onClick={() =>
                void import('./reader')
                  .then(({ readSample }) => readSample(t('read_aloud.sample'), language, voice, rate))
                  .then((outcome) => setNoVoice(outcome === 'no_voice'))
              }
            >
              <span aria-hidden="true" className="icon icon--speaker" />
              {t('read_aloud.try')}
            </Button>
            {/* There before it fills, so a screen reader says it where the focus is. */}
            <p role="status" className="read-aloud-settings__outcome">
              {noVoice && t('read_aloud.no_voice')}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
