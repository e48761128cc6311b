import { useObjectUrl } from '../../lib/use-object-url';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import '../../components/ui/avatar.css';
import '../../components/member-profile.css';

/**
 * The photo part of the editor: the current photo or the one just chosen (previewed before it is
 * sent), a file picker that accepts images, and a way to remove the photo.
 */
export function ProfilePhoto({
  current,
  chosen,
  error,
  onChoose,
  onRemove,
  ref,
}: {
  /** The file input, for a form that gives the focus to a refused photo. */
  ref?: Ref<HTMLInputElement>;
  current: string | null;
  chosen: File | undefined;
  error: string | undefined;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const preview = useObjectUrl(chosen);

  const shown = preview ?? current;
  return (
    <fieldset className="form__fieldset profile-photo">
      <legend>{t('profile_edit.photo')}</legend>
      <div className="profile-photo__row">
        {shown ? (
          <img
            className="avatar avatar--large"
            src={shown}
            alt={preview ? t('profile_edit.photo_preview') : t('profile_edit.current_photo')}
          />
        ) : (
          <span
            className="avatar avatar--large avatar--default"
            role="img"
            aria-label={t('profile.default_avatar')}
          />
        )}
        <div className="profile-photo__choice">
          <TextField
            ref={ref}
            label={t('profile_edit.choose_photo')}
            hint={t('profile_edit.photo_hint')}
            error={error}
            type="file"
            accept="image/*"
            onChange={(event) => onChoose(event.target.files?.[0])}
          />
          {shown && (
            <Button variant="ghost" onClick={onRemove}>
              {t('profile_edit.remove_photo')}
            </Button>
          )}
        </div>
      </div>
    </fieldset>
  );
}
