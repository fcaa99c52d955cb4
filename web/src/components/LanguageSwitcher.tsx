import { LANGUAGES } from '@shared/constants';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className={`flex items-center gap-1 ${className}`}>
      <legend className="sr-only">{t('common.language')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          // The name starts with what the button shows ("DE"), so voice control finds it by that.
          aria-label={t('language.buttonName', {
            code: t(`language.${language}`),
            name: t(`language.${language}Label`),
          })}
          aria-pressed={i18n.language === language}
          onClick={() => void changeLanguage(language)}
          className={`rounded-md px-2 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${
            i18n.language === language ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </fieldset>
  );
}
