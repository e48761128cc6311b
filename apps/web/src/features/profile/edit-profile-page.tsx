import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OwnProfile } from '@juntos/domain';
import { PageLoading } from '../../components/ui/page-loading';
import { UploadProgress, useUploadProgress } from '../../components/upload-progress';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { usePickedFile } from '../../lib/forms';
import { sessionKeys, useMeQuery } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ownProfileQueryOptions, profileKeys, saveProfile } from './profile-api';
import { formFieldsFrom, profileError, useProfileForm, type ProfileFormValues } from './profile-form';
import { HealthFields } from './profile-health-fields';
import { IdentityFields } from './profile-identity-fields';
import { ProfileIntroDialog } from './profile-intro-dialog';
import { ProfilePhoto } from './profile-photo';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';
import './profile.css';

/** The editor: photo, identity and health fields; saved as one multipart request. */
function ProfileEditor({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const upload = useUploadProgress();
  const save = useMutation({
    mutationFn: (values: ProfileFormValues) => {
      const photo = values.photo instanceof File ? values.photo : undefined;
      return saveProfile(formFieldsFrom(values), photo, photo && upload.report);
    },
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
      toast.error(
        error instanceof ApiRequestError && error.body ? error.body.error : t('profile_edit.save_error'),
      );
    },
  });
  const form = useProfileForm(profile, save.error);
  // The photo is checked as soon as it is picked: one over the server's limit is never sent.
  const photo = usePickedFile(form, 'photo');
  const removePhoto = form.watch('remove_photo');

  // What the member typed is sent as typed (the server applies the same schema).
  const onSubmit = form.handleSubmit(
    () => save.mutate(form.getValues()),
    () => toast.error(t('profile_edit.tooltip_missing')),
  );

  return (
    <form className="form profile-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>{t('profile_edit.intro')}</p>
      <ProfilePhoto
        ref={photo.ref}
        current={removePhoto ? null : profile.photo}
        chosen={photo.file}
        error={profileError(form, t, 'photo')}
        onChoose={(file) => {
          photo.pick(file);
          form.setValue('remove_photo', false);
        }}
        onRemove={() => {
          photo.pick(undefined);
          form.setValue('remove_photo', true);
        }}
      />
      <IdentityFields form={form} registrationType={profile.user.tipo_registro} />
      <HealthFields form={form} />
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
