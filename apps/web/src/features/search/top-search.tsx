import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { POST_LIMITS, PostSearchText } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';
import './top-search.css';

/**
 * The top bar's search box (spec §2): sends its words to /search; an empty box sends nothing.
 * A plain form read at submit: the bar is on every page, and a form library for one box put
 * 16 KiB of compressed script in front of every signed-in page on a phone (issue 36).
 */
export function TopSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = PostSearchText.safeParse(new FormData(event.currentTarget).get('q') ?? '');
    if (words.success) void navigate(`/search?${new URLSearchParams({ q: words.data }).toString()}`);
  };
  return (
    <form role="search" className="top-search" onSubmit={submit}>
      <label htmlFor="top-search-input" className="visually-hidden">
        {t('top_search.label')}
      </label>
      <input
        id="top-search-input"
        type="search"
        className="field__control top-search__input"
        maxLength={POST_LIMITS.search}
        placeholder={t('top_search.placeholder')}
        name="q"
        defaultValue={params.get('q') ?? ''}
      />
      <Button type="submit" className="top-search__button" pictogram="search">
        {t('top_search.submit')}
      </Button>
    </form>
  );
}
