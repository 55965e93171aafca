import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, type ButtonProps } from '@/components/ui/button';

/** A link home ('/') drawn as a button with a back arrow. */
export function BackHomeButton(props: Omit<ButtonProps, 'asChild' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Button asChild {...props}>
      <Link to="/">
        <ArrowLeft aria-hidden />
        {t('common.backHome')}
      </Link>
    </Button>
  );
}
