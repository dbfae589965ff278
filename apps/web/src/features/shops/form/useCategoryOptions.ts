import { useMemo } from 'react';
import { useCategories } from '../../categories/index.ts';

/** One category a profile can name: its slug and its shown name ('Fahrzeuge › Autos'). */
export interface CategoryOption {
  slug: string;
  name: string;
}

/**
 * The categories and subcategories a profile can name, from the category tree, and the shown
 * name of a slug (the slug itself while the tree loads).
 */
export function useCategoryOptions(): { options: CategoryOption[]; nameOf: (slug: string) => string } {
  const categories = useCategories().data;
  return useMemo(() => {
    const options = (categories ?? []).flatMap((c) => [
      { slug: c.slug, name: c.name },
      ...c.subcategories.map((s) => ({ slug: s.slug, name: `${c.name} › ${s.name}` })),
    ]);
    const nameOf = (slug: string) => options.find((o) => o.slug === slug)?.name ?? slug;
    return { options, nameOf };
  }, [categories]);
}
