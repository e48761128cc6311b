import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '@juntos/domain';
import { Dialog } from '../../components/ui/dialog';
import { useUploadProgress } from '../../components/upload-progress';
import { ApiRequestError } from '../../lib/api-client';
import { useLater } from '../../lib/use-later';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PostForm } from '../feed/post-form';
import { createPost, postFormData, postKeys } from '../feed/posts-api';

/** /new-post (spec §2): the post form in a dialog; success goes to /feed after 2 s, closing goes back. */
export default function NewPostPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.new_post'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const later = useLater();
  const [done, setDone] = useState(false);
  const upload = useUploadProgress();
  const publish = useMutation({
    mutationFn: ({ fields, image }: { fields: Record<string, string>; image: File | undefined }) =>
      createPost(postFormData(fields, image), image && upload.report),
    onSettled: upload.clear,
    onSuccess: async () => {
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      toast.success(t('new_post.success'), { duration: REDIRECT_DELAY_MS.medium });
      later(() => void navigate('/feed'), REDIRECT_DELAY_MS.medium);
    },
    onError: (error) =>
      toast.error(error instanceof ApiRequestError && error.body ? error.body.error : t('new_post.error')),
  });
  // Back where the member came from; straight to the feed when the page was opened directly.
  const close = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate('/feed'));
  };

  return (
    <section className="page page--narrow">
      <h1 className="visually-hidden">{t('new_post.title')}</h1>
      <Dialog open title={t('new_post.title')} onClose={close}>
        <PostForm
          busy={publish.isPending || done}
          submitLabel={t('post_form.publish')}
          busyLabel={t('post_form.publishing')}
          failure={publish.error}
          uploadSent={upload.sent}
          onSubmit={(values) => publish.mutate(values)}
          onCancel={close}
        />
      </Dialog>
    </section>
  );
}
