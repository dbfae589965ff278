import {
  CAREER_TEAM_NAMES,
  CAREER_TEAMS,
  type CareerTeam,
  EMPLOYMENT_TYPE_NAMES,
  type JobPositionSummary,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { usePositionList } from './api.ts';
import { careerDate, careerTexts as t } from './texts.ts';

const isTeam = (value: string | null): value is CareerTeam =>
  value !== null && (CAREER_TEAMS as readonly string[]).includes(value);

/** A position's facts in one line: team · place (remote) · full or part time. */
export function positionFacts(position: JobPositionSummary): string {
  return [
    CAREER_TEAM_NAMES[position.team],
    position.remote ? `${position.location} (${t.remote})` : position.location,
    EMPLOYMENT_TYPE_NAMES[position.employment_type],
  ].join(' · ');
}

/** One open position in the list: title, facts, summary; the whole card opens its page. */
function PositionCard({ position }: { position: JobPositionSummary }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={`/karriere/${position.slug}`}
        aria-label={t.toPosition(position.title)}
      >
        <CardContent>
          <Typography variant="h3" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
            {position.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {positionFacts(position)}
          </Typography>
          <Typography variant="body2">{position.summary}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t.posted(careerDate(position.posted_at))}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * /karriere (SPEC.md §2, top link bar 'Karriere'): who we are, how we work and what we offer, then
 * the open positions (`GET /api/career/positions`) filterable by team (`?team=engineering`, chips of
 * the teams that have positions). Public and rendered on the server with its head from the career
 * door (canonical, `ItemList` JSON-LD).
 */
export function CareerPage() {
  const [params, setParams] = useSearchParams();
  const query = usePositionList();
  const chosen = params.get('team');
  const team = isTeam(chosen) ? chosen : null;
  const positions = query.data?.positions ?? [];
  const teams = CAREER_TEAMS.filter((value) => positions.some((position) => position.team === value));
  const shown = team ? positions.filter((position) => position.team === team) : positions;
  const choose = (value: CareerTeam | null) =>
    setParams(value ? { team: value } : {}, { replace: true, preventScrollReset: true });

  return (
    <PageContainer title={t.title} description={t.description}>
      <Typography sx={{ mb: 3 }}>{t.intro}</Typography>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t.aboutTitle}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mb: 3 }}>
        {t.about.map((item) => (
          <Card key={item.heading} variant="outlined" component="section" aria-label={item.heading}>
            <CardContent>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {item.heading}
              </Typography>
              <Typography variant="body2">{item.text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t.benefitsTitle}
      </Typography>
      <Box component="ul" sx={{ mt: 0, mb: 4, pl: 3 }}>
        {t.benefits.map((benefit) => (
          <Typography component="li" key={benefit} sx={{ mb: 0.5 }}>
            {benefit}
          </Typography>
        ))}
      </Box>
      <Typography variant="h2" id="career-positions" sx={{ mb: 2 }}>
        {t.positionsTitle}
      </Typography>
      {teams.length > 1 ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          role="group"
          aria-label={t.filterLabel}
          sx={{ flexWrap: 'wrap', mb: 2 }}
        >
          <Chip
            label={t.allTeams}
            color={team === null ? 'primary' : 'default'}
            variant={team === null ? 'filled' : 'outlined'}
            aria-pressed={team === null}
            onClick={() => choose(null)}
          />
          {teams.map((value) => (
            <Chip
              key={value}
              label={CAREER_TEAM_NAMES[value]}
              color={team === value ? 'primary' : 'default'}
              variant={team === value ? 'filled' : 'outlined'}
              aria-pressed={team === value}
              onClick={() => choose(value)}
            />
          ))}
        </Stack>
      ) : null}
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t.positionsTitle} />
        </Box>
      ) : query.isError ? (
        <Alert severity="error">{t.loadFailed}</Alert>
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">{positions.length === 0 ? t.none : t.noneInTeam}</Typography>
      ) : (
        <Stack component="ul" spacing={2} aria-labelledby="career-positions" sx={{ p: 0, m: 0 }}>
          {shown.map((position) => (
            <PositionCard key={position.id} position={position} />
          ))}
        </Stack>
      )}
    </PageContainer>
  );
}
