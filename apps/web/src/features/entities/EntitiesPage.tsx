import { ENTITIES_TOTAL_MAX, type Entity, type EntityType, entityTypeSchema } from '@marketplace/contract';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { LoadMoreButton } from '../../components/LoadMoreButton.tsx';
import { MemberReputation } from '../../components/MemberReputation.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { ProfileDirectory } from '../shops/index.ts';
import { ProfileAvatar } from '../users/index.ts';
import { useEntities } from './api.ts';
import { entityTexts as t } from './texts.ts';

/** Wait after the last keystroke before the name search asks the server (ms). */
const SEARCH_DELAY_MS = 300;
const TAB_ORDER: readonly EntityType[] = ['users', 'shops', 'providers'];

function EntityCard({ entity, type }: { entity: Entity; type: EntityType }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ display: 'flex', gap: 1.5, p: 1.5, alignItems: 'flex-start' }}
    >
      <ProfileAvatar src={entity.avatar} name={entity.name} size={48} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link
          component={RouterLink}
          to={`/user/${entity.id}`}
          underline="hover"
          sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
        >
          {entity.name}
        </Link>
        {entity.member_name !== entity.name && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {de.profile.memberName(entity.member_name)}
          </Typography>
        )}
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'primary.dark' }}>
          {type === 'providers'
            ? t.services(entity.active_listings)
            : t.activeListings(entity.active_listings)}
        </Typography>
        <MemberReputation reputation={entity.reputation} dense />
      </Box>
    </Paper>
  );
}

/**
 * /entities (SPEC.md §2; /shops, /dienstleister and /user lead here with `?type=`): the
 * directory with the tabs 'Mitglieder' (everyone with active ads, most ads first, each card with
 * the one reputation and a link to the profile), 'Shops' and 'Dienstleister' (the approved shop
 * and provider profiles with name, category and place filters, features/shops). Tab and filters
 * live in the address, so a link shares them.
 */
export function EntitiesPage() {
  const [params, setParams] = useSearchParams();
  const parsedType = entityTypeSchema.safeParse(params.get('type'));
  const type: EntityType = parsedType.success ? parsedType.data : 'users';

  return (
    <PageContainer title={de.pages.entities}>
      <Tabs
        value={type}
        onChange={(_event, value: EntityType) => setParams(() => new URLSearchParams({ type: value }))}
        aria-label={t.tabsLabel}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TAB_ORDER.map((kind) => (
          <Tab key={kind} value={kind} label={t.tabs[kind]} />
        ))}
      </Tabs>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro[type]}
      </Typography>
      {type === 'users' ? (
        <MemberDirectory type={type} />
      ) : (
        <ProfileDirectory kind={type === 'shops' ? 'shop' : 'provider'} />
      )}
    </PageContainer>
  );
}

/** The tab 'Mitglieder': everyone with active ads, most ads first, with a name search. */
function MemberDirectory({ type }: { type: EntityType }) {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(q);
  const entities = useEntities(type, q);

  // The address follows the search field once typing pauses.
  useEffect(() => {
    const next = typed.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('q', next);
          else updated.delete('q');
          return updated;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const list = entities.data?.pages.flatMap((page) => page.entities) ?? [];
  const first = entities.data?.pages[0];

  return (
    <>
      <TextField
        type="search"
        label={t.search}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        size="small"
        fullWidth
        sx={{ mb: 2, maxWidth: 420 }}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {entities.isPending && <LoadingFallback />}
      {entities.error && <Alert severity="error">{t.loadFailed}</Alert>}
      {first && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {first.total === 0
            ? q
              ? t.noMatch(q)
              : t.empty[type]
            : t.count(first.total, first.total >= ENTITIES_TOTAL_MAX)}
        </Typography>
      )}
      {list.length > 0 && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {list.map((entity) => (
            <EntityCard key={entity.id} entity={entity} type={type} />
          ))}
        </Box>
      )}
      <LoadMoreButton label={t.more} query={entities} />
    </>
  );
}
