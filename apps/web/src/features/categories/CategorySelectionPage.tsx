import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { CategoryPicker } from './CategoryPicker.tsx';

/**
 * /category-selection: the category picker as a page; choosing a category opens the posting
 * form with it (`/create-listing?category=<slug>`).
 */
export function CategorySelectionPage() {
  const navigate = useNavigate();
  return (
    <PageContainer title={de.pages.categorySelection}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {de.categories.pickerIntro}
      </Typography>
      <Paper variant="outlined">
        <CategoryPicker
          onSelect={({ category, subcategory }) =>
            navigate(
              `/create-listing?${new URLSearchParams({ category: (subcategory ?? category).slug }).toString()}`,
            )
          }
        />
      </Paper>
    </PageContainer>
  );
}
