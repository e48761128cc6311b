import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { POST_LIMITS, PostSearchFormSchema } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';
import './top-search.css';
import { useSchemaForm } from '../../lib/forms';

/** The top bar's search box (spec §2): sends its words to /search; an empty box sends nothing. */
export function TopSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { register, handleSubmit } = useSchemaForm(PostSearchFormSchema, {
    defaultValues: { q: params.get('q') ?? '' },
  });
  const submit = handleSubmit(({ q }) => navigate(`/search?${new URLSearchParams({ q }).toString()}`));
  return (
    <form role="search" className="top-search" onSubmit={(event) => void submit(event)}>
      <label htmlFor="top-search-input" className="visually-hidden">
        {t('top_search.label')}
      </label>
      <input
        id="top-search-input"
        type="search"
        className="field__control top-search__input"
        maxLength={POST_LIMITS.search}
        placeholder={t('top_search.placeholder')}
        {...register('q')}
      />
      <Button type="submit" className="top-search__button" pictogram="search">
        {t('top_search.submit')}
      </Button>
    </form>
  );
}
