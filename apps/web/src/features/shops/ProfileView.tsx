import {
  imageVariantUrl,
  openingState,
  type Profile,
  servicePriceText,
  shortTime,
  WEEKDAYS_DE,
} from '@marketplace/contract';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlined';
import PhoneIcon from '@mui/icons-material/Phone';
import PublicIcon from '@mui/icons-material/Public';
import VerifiedIcon from '@mui/icons-material/Verified';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MemberReputation, useMemberReputation } from '../../components/MemberReputation.tsx';
import { useSession } from '../../lib/SessionProvider.tsx';
import { FollowButton, publicProfileQuery } from '../users/index.ts';
import { QuoteRequestButton } from './QuoteRequestButton.tsx';
import { ShopAds } from './ShopAds.tsx';
import { shopTexts as t } from './texts.ts';

/** How often the opening state is computed again (ms). */
const OPENING_REFRESH_MS = 60_000;

/** A titled block of the page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * 'Jetzt geöffnet bis 18:00' or 'Öffnet um 9:00' in Europe/Berlin, computed in the browser after
 * hydration (the server's first render carries no clock-dependent text) and every minute.
 */
function OpeningChip({ hours }: { hours: Profile['hours'] }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), OPENING_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const state = now ? openingState(hours, now) : null;
  if (!state) return null;
  return (
    <Chip
      size="small"
      color={state.open ? 'success' : 'default'}
      label={state.text}
      sx={{ fontWeight: 600 }}
      data-testid="opening-state"
    />
  );
}

/** The week's hours, Monday to Sunday, 'Geschlossen' where a day has none. */
function HoursTable({ hours }: { hours: Profile['hours'] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {WEEKDAYS_DE.map((name, index) => {
        const day = hours
          .filter((h) => h.day === index + 1)
          .sort((a, b) => a.opens.localeCompare(b.opens))
          .map((h) => `${shortTime(h.opens)}–${shortTime(h.closes)}`);
        return (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0 }}
              color={day.length ? 'text.primary' : 'text.secondary'}
            >
              {day.length ? day.join(', ') : t.closed}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** The Impressum of the business (§ 5 DDG) from its checked business data. */
function Imprint({ profile }: { profile: Profile }) {
  const b = profile.business;
  const lines = [
    profile.display_name,
    b.street,
    `${b.postal_code} ${b.city}`,
    `${t.phone}: ${b.phone}`,
    `${t.email}: ${b.email}`,
    b.register_court && `${t.represented}: ${b.register_court}`,
    b.register_number && `${t.registerNumber}: ${b.register_number}`,
    b.vat_id && `${t.vatId}: ${b.vat_id}`,
  ].filter(Boolean);
  return (
    <Section title={t.imprint}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t.imprintNote}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {lines.join('\n')}
      </Typography>
      {profile.kind === 'shop' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.withdrawal}
        </Typography>
      )}
    </Section>
  );
}

/** Contact: chat with the owner (or a quote request for providers), phone and website where given. */
function Contact({ profile, preview }: { profile: Profile; preview: boolean }) {
  const b = profile.business;
  return (
    <Section title={t.contact}>
      <Stack spacing={1.5}>
        {profile.kind === 'provider' && !preview && <QuoteRequestButton profile={profile} />}
        <Button
          component={RouterLink}
          to={`/chat?sellerId=${encodeURIComponent(profile.owner_id)}`}
          variant={profile.kind === 'shop' ? 'contained' : 'outlined'}
          startIcon={<ChatIcon />}
          disabled={preview || profile.can.edit}
        >
          {t.writeShop}
        </Button>
        <Link
          href={`tel:${b.phone.replace(/[^+0-9]/g, '')}`}
          sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
        >
          <PhoneIcon fontSize="small" /> {b.phone}
        </Link>
        {b.website && (
          <Link
            href={b.website}
            target="_blank"
            rel="noopener noreferrer nofollow"
            sx={{ display: 'flex', gap: 1, alignItems: 'center', overflowWrap: 'anywhere' }}
          >
            <PublicIcon fontSize="small" /> {b.website.replace(/^https?:\/\//, '')}
          </Link>
        )}
      </Stack>
    </Section>
  );
}

/** Ratings (the owner's one reputation), followers and 'Folgen'. */
function Community({ profile }: { profile: Profile }) {
  const { user } = useSession();
  const reputation = useMemberReputation(profile.owner_id).data;
  const member = useQuery(publicProfileQuery(profile.owner_id, user?.id ?? null)).data;
  return (
    <Section title={t.ratings}>
      {reputation && <MemberReputation reputation={reputation} />}
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', mt: 1.5, flexWrap: 'wrap' }}
        useFlexGap
      >
        {member && (
          <Typography variant="body2" color="text.secondary">
            {t.followers(member.followers_count)}
          </Typography>
        )}
        <FollowButton userId={profile.owner_id} size="small" />
      </Stack>
    </Section>
  );
}

/**
 * The wide header image above logo and name: a box of fixed aspect ratio (3 : 1 on a phone,
 * 4 : 1 from `sm`), so the page does not shift while it loads, the server's first render
 * included; the uploaded sizes as `srcset`.
 */
export function ProfileBanner({ src, name }: { src: string; name: string }) {
  return (
    <Box
      component="img"
      src={src}
      srcSet={`${imageVariantUrl(src, 'card')} 400w, ${imageVariantUrl(src, 'detail')} 1024w, ${imageVariantUrl(src, 'full')} 1920w`}
      sizes="(min-width: 1200px) 1152px, 100vw"
      alt={t.bannerAlt(name)}
      sx={{
        display: 'block',
        width: '100%',
        aspectRatio: { xs: '3 / 1', sm: '4 / 1' },
        objectFit: 'cover',
        borderRadius: 2,
        bgcolor: 'action.hover',
      }}
      data-testid="profile-banner"
    />
  );
}

/** The photos ('Fotos' of a shop, 'Referenzen' of a provider), each a figure with its caption. */
function Photos({ profile }: { profile: Profile }) {
  return (
    <Section title={profile.kind === 'provider' ? t.references : t.photos}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {profile.photos.map((photo, index) => (
          <Box component="figure" key={photo.url} sx={{ m: 0, minWidth: 0 }}>
            <Box
              component="img"
              src={photo.url}
              alt={t.photoAlt(profile.display_name, index + 1)}
              loading="lazy"
              sx={{
                display: 'block',
                width: '100%',
                aspectRatio: '4 / 3',
                objectFit: 'cover',
                borderRadius: 1,
              }}
            />
            {photo.caption && (
              <Typography
                component="figcaption"
                variant="body2"
                color="text.secondary"
                sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
              >
                {photo.caption}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/**
 * A shop's or provider's page as visitors see it (/shop/{id}, /provider/{id}) and as the
 * registration's preview shows it (`preview`: no ads, ratings or actions yet): banner, logo, name
 * with legal form and the verified badge, opening state, description, photos with their captions
 * (a provider's 'Referenzen'), hours or services and
 * service area, contact, the shop's ads, ratings and followers, and the Impressum.
 */
export function ProfileView({ profile, preview = false }: { profile: Profile; preview?: boolean }) {
  const b = profile.business;
  return (
    <Stack spacing={2.5}>
      {profile.banner && <ProfileBanner src={profile.banner} name={profile.display_name} />}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={profile.logo ?? undefined}
          alt={profile.logo ? t.logoAlt(profile.display_name) : undefined}
          sx={{
            width: { xs: 72, sm: 96 },
            height: { xs: 72, sm: 96 },
            bgcolor: 'primary.light',
            fontSize: '2rem',
          }}
        >
          {profile.display_name.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h1"
            component={preview ? 'h2' : 'h1'}
            sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere', mb: 0.5 }}
          >
            {profile.display_name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip size="small" variant="outlined" label={t.kindTitle[profile.kind]} />
            {profile.verified && (
              <Chip size="small" color="primary" icon={<VerifiedIcon />} label={t.verified} />
            )}
          </Stack>
          {profile.kind === 'shop' && (
            // A line of its own, as high as the chip, kept before the chip arrives after
            // hydration: the heading block does not move when it appears.
            <Box sx={{ minHeight: 24, mt: 0.5 }}>
              <OpeningChip hours={profile.hours} />
            </Box>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {b.postal_code} {b.city}
            {profile.categories.length > 0 && ` · ${profile.categories.map((c) => c.name).join(', ')}`}
          </Typography>
        </Box>
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <Section title={t.about}>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {profile.description}
            </Typography>
          </Section>
          {profile.photos.length > 0 && <Photos profile={profile} />}
          {profile.kind === 'provider' && profile.services.length > 0 && (
            <Section title={t.services}>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {profile.services.map((service) => (
                  <Box
                    component="li"
                    key={service.name}
                    sx={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      gap: 2,
                      borderBottom: 1,
                      borderColor: 'divider',
                      pb: 1,
                    }}
                  >
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{service.name}</Typography>
                    <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {servicePriceText(service)}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            </Section>
          )}
          {profile.kind === 'provider' && profile.area && (
            <Section title={t.area}>
              <Typography>
                {t.areaText(profile.area.postal_code, profile.area.place, profile.area.radius_km)}
              </Typography>
              {profile.area.towns.length > 0 && (
                <>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 0.5 }}>
                    {t.towns}
                  </Typography>
                  <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {profile.area.towns.map((town) => (
                      <Chip key={town.place} size="small" label={town.place} />
                    ))}
                  </Stack>
                </>
              )}
            </Section>
          )}
        </Stack>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <Contact profile={profile} preview={preview} />
          {profile.hours.length > 0 && (
            <Section title={profile.kind === 'shop' ? t.hours : t.availability}>
              <HoursTable hours={profile.hours} />
            </Section>
          )}
          <Section title={t.address}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {`${b.street}\n${b.postal_code} ${b.city}`}
            </Typography>
          </Section>
          {!preview && <Community profile={profile} />}
          <Imprint profile={profile} />
        </Stack>
      </Box>
      {!preview && <ShopAds ownerId={profile.owner_id} />}
    </Stack>
  );
}
