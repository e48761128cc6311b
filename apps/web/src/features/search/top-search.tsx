import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { POST_LIMITS } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';
import './top-search.css';

/** The top bar's search box (spec §2): sends its words to /search. */
export function TopSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) void navigate(`/search?${new URLSearchParams({ q: query }).toString()}`);
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
        value={text}
        maxLength={POST_LIMITS.search}
        placeholder={t('top_search.placeholder')}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" className="top-search__button" pictogram="search">
        {t('top_search.submit')}
      </Button>
    </form>
  );
}
