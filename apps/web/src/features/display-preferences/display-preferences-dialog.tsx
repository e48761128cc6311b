import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  TEXT_SIZE_MAX,
  TEXT_SIZE_MIN,
  TEXT_SIZE_STEP,
  type DisplayPreferences,
} from '@juntos/domain';
import { Dialog } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { saveDisplayPreferences, useDarkInForce, useDisplayPreferences } from './display-preferences-storage';
import { Button } from '../../components/ui/button';
import { ReadAloudSettings } from '../read-aloud/read-aloud-settings';
import { ContentWarningSettings } from './content-warning-settings';
import '../../components/ui/dialog.css';
import './display-preferences.css';

const TEXT_SIZES = Array.from(
  { length: (TEXT_SIZE_MAX - TEXT_SIZE_MIN) / TEXT_SIZE_STEP + 1 },
  (_, index) => TEXT_SIZE_MIN + index * TEXT_SIZE_STEP,
);

/** The display settings button and its dialog, in the top bar of every page. */
export function DisplayPreferencesControl() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const preferences = useDisplayPreferences();
  const dark = useDarkInForce();

  const update = (change: Partial<DisplayPreferences>) =>
    saveDisplayPreferences({ ...preferences, ...change });

  return (
    <>
      <Button
        variant="ghost"
        className="top-bar__control"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true" className="icon icon--settings" />
        {t('prefs.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('prefs.title')}
        description={t('prefs.description')}
        className="preferences-dialog"
      >
        <SelectField
          label={t('prefs.text_size')}
          value={preferences.textSize}
          onChange={(event) => update({ textSize: Number(event.target.value) })}
        >
          {TEXT_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('prefs.text_size_value', { value: size })}
            </option>
          ))}
        </SelectField>
        <Switch
          label={t('prefs.contrast')}
          description={t('prefs.contrast_desc')}
          checked={preferences.highContrast}
          onChange={(highContrast) => update({ highContrast })}
        />
        <Switch
          label={t('prefs.dark')}
          description={t(preferences.theme === 'device' ? 'prefs.dark_desc_device' : 'prefs.dark_desc')}
          checked={dark}
          onChange={(dark) => update({ theme: dark ? 'dark' : 'light' })}
        />
        <Switch
          label={t('prefs.reduce_motion')}
          description={t('prefs.reduce_motion_desc')}
          checked={preferences.reduceMotion}
          onChange={(reduceMotion) => update({ reduceMotion })}
        />
        <Switch
          label={t('prefs.legible_font')}
          description={t('prefs.legible_font_desc')}
          checked={preferences.legibleFont}
          onChange={(legibleFont) => update({ legibleFont })}
        />
        <Switch
          label={t('prefs.easy_read')}
          description={t('prefs.easy_read_desc')}
          checked={preferences.easyRead}
          onChange={(easyRead) => update({ easyRead })}
        />
        <ReadAloudSettings
          rate={preferences.readAloudRate}
          voice={preferences.readAloudVoice}
          onChange={update}
        />
        <ContentWarningSettings
          choices={preferences.contentWarnings}
          onChange={(contentWarnings) => update({ contentWarnings })}
        />
        <div className="dialog__actions">
          <Button onClick={() => update(DEFAULT_DISPLAY_PREFERENCES)}>{t('prefs.reset')}</Button>
          <Button variant="primary" onClick={() => setOpen(false)}>
            {t('prefs.close')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
