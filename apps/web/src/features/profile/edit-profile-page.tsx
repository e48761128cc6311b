import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  COUNTRY_CITIES,
  countriesByName,
  FUNCTIONAL_FIELDS,
  FUNCTIONAL_FIELD_VALUES,
  MAX_IMAGE_MEGABYTES,
  PROFILE_LIMITS,
  PickedImageSchema,
  birthDateBounds,
  countryName,
  createProfileSchema,
  functionalValueKey,
  isCountryCode,
  todayIso,
  type Language,
  type OwnProfile,
  type PrivateProfileField,
} from '@juntos/domain';
import { PageLoading } from '../../components/ui/page-loading';
import { CountryFlag } from '../../components/country-flag';
import { DiseaseField } from '../../components/disease-field';
import { SelectField, TextField } from '../../components/ui/field';
import { UploadProgress, useUploadProgress } from '../../components/upload-progress';
import { ApiRequestError } from '../../lib/api-client';
import { focusFirstInvalid, issuesByField } from '../../lib/forms';
import { sessionKeys, useMeQuery } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AudienceSelect } from './audience-select';
import { ownProfileQueryOptions, profileKeys, saveProfile } from './profile-api';
import { formFieldsFrom, formStateFrom, type ProfileFormState } from './profile-form';
import { ProfileIntroDialog } from './profile-intro-dialog';
import { ProfilePhoto } from './profile-photo';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';
import './profile.css';

type Errors = Partial<Record<string, string>>;

function formatDate(iso: string, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

function ProfileEditor({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation(['translation', 'perfil_funcional']);
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<ProfileFormState>(() => formStateFrom(profile));
  const [photo, setPhoto] = useState<File>();
  const [errors, setErrors] = useState<Errors>({});
  const [focusErrors, setFocusErrors] = useState(0);

  const today = todayIso();
  const bounds = birthDateBounds(profile.user.tipo_registro, today);
  const schema = useMemo(
    () => createProfileSchema({ registrationType: profile.user.tipo_registro, today }),
    [profile.user.tipo_registro, today],
  );
  const countries = useMemo(() => countriesByName(language), [language]);
  const cities = isCountryCode(state.country) ? COUNTRY_CITIES[state.country] : [];

  // After a refused save, the first field in error takes the focus (keyboard and screen readers).
  useEffect(() => {
    if (focusErrors === 0) return;
    focusFirstInvalid(formRef.current);
  }, [focusErrors]);

  const upload = useUploadProgress();
  // A photo over the server's limit is refused as soon as it is picked, and never sent.
  const photoProblem =
    photo && !PickedImageSchema.safeParse(photo).success ? 'image_picker.too_large' : undefined;
  const save = useMutation({
    mutationFn: () => saveProfile(formFieldsFrom(state), photo, photo && upload.report),
    onSettled: upload.clear,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKeys.own, saved);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      toast.success(t('profile_edit.saved'));
      void navigate('/profile');
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 401) {
        toast.error(t('auth.session_expired'));
        return;
      }
      if (error instanceof ApiRequestError && error.body?.fields) {
        setErrors(error.body.fields);
        setFocusErrors((n) => n + 1);
      }
      toast.error(
        error instanceof ApiRequestError && error.body ? error.body.error : t('profile_edit.save_error'),
      );
    },
  });

  const set = <Key extends keyof ProfileFormState>(key: Key, value: ProfileFormState[Key]) => {
    setState((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const setAudience =
    (field: PrivateProfileField) => (audience: ProfileFormState['visibility'][PrivateProfileField]) =>
      setState((current) => ({ ...current, visibility: { ...current.visibility, [field]: audience } }));
  const errorOf = (field: string) => {
    const message = errors[field];
    return message && message.includes('.') && !message.includes(' ')
      ? t(message, { max: MAX_IMAGE_MEGABYTES })
      : message;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = schema.safeParse(formFieldsFrom(state));
    if (!result.success || photoProblem) {
      const found: Errors = { ...(photoProblem && { photo: photoProblem }), ...issuesByField(result) };
      setErrors(found);
      setFocusErrors((n) => n + 1);
      toast.error(t('profile_edit.tooltip_missing'));
      return;
    }
    save.mutate();
  };

  const fieldLabel = (field: PrivateProfileField) =>
    field === 'enfermedad'
      ? t('profile_edit.enfermedad')
      : field === 'date_of_birth'
        ? t('profile_edit.date_of_birth')
        : t(`perfil_funcional:fields.${field}`);

  return (
    <form ref={formRef} className="form profile-form" noValidate onSubmit={submit}>
      <p>{t('profile_edit.intro')}</p>

      <ProfilePhoto
        current={state.removePhoto ? null : profile.photo}
        chosen={photo}
        error={errorOf('photo')}
        onChoose={(file) => {
          setPhoto(file);
          set('removePhoto', false);
          const tooLarge = file && !PickedImageSchema.safeParse(file).success;
          setErrors((current) => ({ ...current, photo: tooLarge ? 'image_picker.too_large' : undefined }));
        }}
        onRemove={() => {
          setPhoto(undefined);
          set('removePhoto', true);
        }}
      />

      <fieldset className="form__fieldset">
        <legend>{t('profile_edit.identity_title')}</legend>
        <TextField
          label={`${t('profile_edit.nombre')} *`}
          value={state.nombre}
          onChange={(event) => set('nombre', event.target.value)}
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.name}
          required
          error={errorOf('nombre')}
        />
        <TextField
          label={t('profile_edit.apellidos')}
          value={state.apellidos}
          onChange={(event) => set('apellidos', event.target.value)}
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.name}
          error={errorOf('apellidos')}
        />
        <div className="field-with-flag">
          <SelectField
            label={`${t('profile_edit.country')} *`}
            value={state.country}
            required
            error={errorOf('country')}
            onChange={(event) => {
              // Spec §5: changing the country clears the city.
              setState((current) => ({ ...current, country: event.target.value, ciudad: '' }));
              setErrors((current) => ({ ...current, country: undefined, ciudad: undefined }));
            }}
          >
            <option value="">{t('profile_edit.choose_country')}</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code, language)}
              </option>
            ))}
          </SelectField>
          {isCountryCode(state.country) && <CountryFlag code={state.country} />}
        </div>
        <SelectField
          label={t('profile_edit.ciudad')}
          value={state.ciudad}
          disabled={cities.length === 0}
          error={errorOf('ciudad')}
          onChange={(event) => set('ciudad', event.target.value)}
        >
          <option value="">
            {cities.length === 0 ? t('profile_edit.choose_country_first') : t('profile_edit.choose_city')}
          </option>
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('profile_edit.comunidad')}
          hint={t('profile_edit.comunidad_hint')}
          value={state.comunidad}
          onChange={(event) => set('comunidad', event.target.value)}
          maxLength={PROFILE_LIMITS.community}
          error={errorOf('comunidad')}
        />
        <div className="field-with-audience">
          <TextField
            label={`${t('profile_edit.date_of_birth')} *`}
            hint={t('profile_edit.date_of_birth_hint', {
              min: formatDate(bounds.min, language),
              max: formatDate(bounds.max, language),
            })}
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={state.date_of_birth}
            onChange={(event) => set('date_of_birth', event.target.value)}
            required
            error={errorOf('date_of_birth')}
          />
          <AudienceSelect
            fieldLabel={fieldLabel('date_of_birth')}
            value={state.visibility.date_of_birth}
            onChange={setAudience('date_of_birth')}
          />
        </div>
        <div className="field">
          <label htmlFor="profile-bio" className="field__label">
            {t('profile_edit.bio')}
          </label>
          <textarea
            id="profile-bio"
            className="field__control"
            rows={4}
            maxLength={PROFILE_LIMITS.bio}
            value={state.bio}
            aria-describedby="profile-bio-hint"
            aria-invalid={errorOf('bio') ? true : undefined}
            onChange={(event) => set('bio', event.target.value)}
          />
          <p id="profile-bio-hint" className="field__hint">
            {t('profile_edit.bio_hint', { max: PROFILE_LIMITS.bio })}
          </p>
          {errorOf('bio') && <p className="field__error">{errorOf('bio')}</p>}
        </div>
      </fieldset>

      <fieldset className="form__fieldset">
        <legend>{t('profile_edit.health_title')}</legend>
        <p className="field__hint">{t('profile_edit.health_intro')}</p>
        <div className="field-with-audience">
          <DiseaseField
            label={t('profile_edit.enfermedad')}
            hint={t('profile_edit.enfermedad_hint')}
            value={state.enfermedad}
            error={errorOf('enfermedad') ?? errorOf('orphacode')}
            onChange={(name, disease) => {
              setState((current) => ({
                ...current,
                enfermedad: name,
                orphacode: disease ? String(disease.code) : '',
              }));
              setErrors((current) => ({ ...current, enfermedad: undefined, orphacode: undefined }));
            }}
          />
          <AudienceSelect
            fieldLabel={fieldLabel('enfermedad')}
            value={state.visibility.enfermedad}
            onChange={setAudience('enfermedad')}
          />
        </div>
        {FUNCTIONAL_FIELDS.map((field) => (
          <div className="field-with-audience" key={field}>
            <SelectField
              label={t(`perfil_funcional:fields.${field}`)}
              value={state.functional[field]}
              error={errorOf(field)}
              onChange={(event) =>
                setState((current) => ({
                  ...current,
                  functional: { ...current.functional, [field]: event.target.value },
                }))
              }
            >
              <option value="">{t('profile_edit.not_answered')}</option>
              {FUNCTIONAL_FIELD_VALUES[field].map((value) => (
                <option key={value} value={value}>
                  {t(`functional_values.${field}.${functionalValueKey(value)}`)}
                </option>
              ))}
            </SelectField>
            <AudienceSelect
              fieldLabel={fieldLabel(field)}
              value={state.visibility[field]}
              onChange={setAudience(field)}
            />
          </div>
        ))}
      </fieldset>

      <UploadProgress sent={upload.sent} />
      <div className="form__actions">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? t('profile_edit.saving') : t('profile_edit.save')}
        </Button>
      </div>
    </form>
  );
}

/** /edit-profile (spec §2 "Profile edit"). */
export default function EditProfilePage() {
  // Both namespaces load before anything shows: a namespace arriving later would suspend the
  // page again and hide an open dialog.
  const { t } = useTranslation(['translation', 'perfil_funcional']);
  useDocumentTitle(t('titles.edit_profile'));
  const me = useMeQuery();
  const profile = useQuery(ownProfileQueryOptions());

  useEffect(() => {
    if (profile.error instanceof ApiRequestError && profile.error.status === 401)
      toast.error(t('auth.session_expired'));
  }, [profile.error, t]);

  return (
    <section className="page page--narrow">
      <h1>{t('profile_edit.title')}</h1>
      {profile.isPending ? (
        <PageLoading />
      ) : profile.isError ? (
        <p role="alert" className="message message--error">
          {t('profile_edit.load_error')}
        </p>
      ) : (
        <ProfileEditor profile={profile.data} />
      )}
      <ProfileIntroDialog open={me.data?.profile_intro_seen === false} />
    </section>
  );
}
