import { sql } from 'drizzle-orm';
import { renderMarkdown } from '../../modules/forum/index.ts';
import type { Database } from '../client.ts';
import { forumPostLikes, forumPosts, forumThreads } from '../schema.ts';
import type { Random } from './random.ts';

/** A demo thread: subforum, title, opening post and replies (Markdown). */
interface DemoThread {
  category: string;
  title: string;
  body: string;
  replies: string[];
  pinned?: boolean;
}

/** Realistic German threads for each of the three forums (SPEC.md: business, games, sports). */
export const DEMO_THREADS: DemoThread[] = [
  {
    category: 'business/gruendung',
    title: 'Forenregeln: Bitte zuerst lesen',
    pinned: true,
    body: 'Willkommen im Business Forum!\n\n- Bleibt freundlich und sachlich.\n- Keine Werbung für eigene Angebote außerhalb der Anzeigen.\n- Fragen zu Recht und Steuern ersetzen keine Beratung.\n\nViel Erfolg mit euren Projekten!',
    replies: ['Danke für die klaren Regeln!'],
  },
  {
    category: 'business/gruendung',
    title: 'Nebenberuflich gründen – Erfahrungen mit dem Gewerbeamt?',
    body: 'Ich möchte neben meinem Job einen kleinen **Fahrradreparatur-Service** anbieten. Wie lief bei euch die Gewerbeanmeldung? Muss ich den Arbeitgeber vorher fragen?',
    replies: [
      'Die Anmeldung ging bei mir online in 15 Minuten, Kosten 26 €. Den Arbeitgeber solltest du informieren, wenn es im Arbeitsvertrag steht.',
      'Achte auf die Kleinunternehmerregelung, dann musst du anfangs keine Umsatzsteuer ausweisen.',
      'Danke euch! Dann melde ich nächste Woche an.',
    ],
  },
  {
    category: 'business/marketing',
    title: 'Lohnt sich Instagram für einen kleinen Hofladen?',
    body: 'Wir verkaufen Eier, Kartoffeln und Honig direkt ab Hof. Hat jemand Erfahrung, ob sich Social Media für so etwas lohnt?',
    replies: [
      'Auf jeden Fall! Zeigt, was frisch reinkommt – Fotos vom Honigschleudern kommen super an.',
      'Bei uns bringt die Google-Unternehmensseite mehr Kundschaft als Instagram. Probiert beides aus.',
    ],
  },
  {
    category: 'business/recht-steuern',
    title: 'Privatverkauf oder schon gewerblich?',
    body: 'Ab wann gilt man beim privaten Verkaufen im Internet eigentlich als gewerblicher Händler? Ich verkaufe gerade den Keller meiner Eltern leer.',
    replies: [
      'Gelegentliche Verkäufe aus dem eigenen Bestand sind privat. Wer gezielt einkauft, um weiterzuverkaufen, handelt gewerblich.',
      'Seit 2023 melden Plattformen ab 30 Verkäufen oder 2.000 € im Jahr an das Finanzamt – das heißt aber nicht automatisch gewerblich.',
    ],
  },
  {
    category: 'games/pc',
    title: 'Welche Grafikkarte für 1440p bis 400 €?',
    body: 'Mein Budget liegt bei etwa 400 €. Gespielt wird vor allem *Cyberpunk* und *Baldur’s Gate 3* in WQHD. Neu oder lieber gebraucht?',
    replies: [
      'Gebraucht bekommst du für das Geld deutlich mehr Leistung. Lass dir aber die Rechnung zeigen.',
      'Achte auf mindestens 12 GB Speicher, sonst wird es bei neuen Spielen knapp.',
      'Ich habe meine hier über den Marktplatz gekauft, läuft seit einem Jahr ohne Probleme.',
    ],
  },
  {
    category: 'games/konsole',
    title: 'Retro-Konsolen sammeln: Worauf achtet ihr beim Kauf?',
    body: 'Ich fange gerade an, SNES- und N64-Spiele zu sammeln. Wie erkennt ihr Fälschungen bei Modulen?',
    replies: [
      'Schau dir die Platine an: Originale haben das Nintendo-Logo auf dem Chip.',
      'Das Etikett ist bei Fälschungen oft zu glänzend und die Schrift unscharf.',
    ],
  },
  {
    category: 'games/mobile',
    title: 'Gute Handyspiele ohne Abo und Werbung?',
    body: 'Sucht ihr auch nach Spielen, die man einmal kauft und dann Ruhe hat? Ich fange an: *Stardew Valley* und *Monument Valley*.',
    replies: [
      '*Into the Breach* ist genial für zwischendurch!',
      'Die *Mini Metro*-Reihe kann ich empfehlen.',
    ],
  },
  {
    category: 'sports/fussball',
    title: 'Hobbymannschaft in Köln sucht Mitspieler',
    body: 'Wir spielen jeden Donnerstag um 19 Uhr auf dem Kunstrasen in Ehrenfeld. Niveau: gemütlich, aber mit Ehrgeiz. Wer hat Lust?',
    replies: [
      'Klingt gut! Braucht ihr noch einen Torwart?',
      'Ich wäre ab nächster Woche dabei, bringe Multinocken mit.',
    ],
  },
  {
    category: 'sports/fitness',
    title: 'Gebrauchte Hanteln kaufen – worauf achten?',
    body: 'Ich möchte mir ein kleines Heimstudio einrichten. Kurzhanteln und eine Hantelbank gibt es hier oft günstig. Gibt es etwas, auf das ich achten sollte?',
    replies: [
      'Bei Hantelbänken unbedingt die Schweißnähte und die Polster ansehen.',
      'Gusseisen rostet gern, ist aber mit einer Drahtbürste schnell wieder schön.',
    ],
  },
  {
    category: 'sports/laufen',
    title: 'Erster Halbmarathon: Trainingsplan gesucht',
    body: 'Im April laufe ich meinen ersten Halbmarathon. Aktuell schaffe ich 10 km in 58 Minuten. Wie viele Einheiten pro Woche sind sinnvoll?',
    replies: [
      'Drei Läufe pro Woche reichen: ein langer ruhiger Lauf, ein Tempolauf, ein lockerer Lauf.',
      'Steigere den langen Lauf jede Woche um höchstens zwei Kilometer.',
      'Und gute Laufschuhe nicht vergessen – die letzten drei Wochen nichts Neues ausprobieren!',
    ],
  },
];

/**
 * Fills each forum with the demo threads: authors and repliers drawn from the demo members,
 * times spread over the last weeks, some likes; counters on the threads match the posts.
 * Runs inside the demo data's transaction.
 * @returns the number of posts written
 */
export async function seedForum(
  db: Database,
  members: string[],
  random: Random,
  now: number,
): Promise<number> {
  const DAY_MS = 24 * 60 * 60 * 1000;
  let written = 0;
  for (const demo of DEMO_THREADS) {
    const author = random.pick(members) as string;
    // Within the last 18 days: every demo member joined at least 21 days ago.
    const start = now - random.int(8, 18) * DAY_MS - random.int(0, DAY_MS);
    const times = [start];
    for (let i = 0; i < demo.replies.length; i++)
      times.push((times[i] as number) + random.int(20 * 60_000, 2 * DAY_MS));
    const posters = [
      author,
      ...demo.replies.map((_, i) =>
        i === demo.replies.length - 1 && i > 1
          ? author
          : (random.pick(members.filter((id) => id !== author)) as string),
      ),
    ];
    const [thread] = await db
      .insert(forumThreads)
      .values({
        categoryId: demo.category,
        authorId: author,
        title: demo.title,
        pinned: demo.pinned ?? false,
        postCount: posters.length,
        lastNumber: posters.length,
        viewCount: random.int(12, 400),
        createdAt: new Date(start),
        lastPostAt: new Date(times[times.length - 1] as number),
        lastPostUserId: posters[posters.length - 1] as string,
      })
      .returning({ id: forumThreads.id });
    if (!thread) continue;
    const bodies = [demo.body, ...demo.replies];
    const posts = await db
      .insert(forumPosts)
      .values(
        bodies.map((body, index) => ({
          threadId: thread.id,
          authorId: posters[index] as string,
          number: index + 1,
          body,
          bodyHtml: renderMarkdown(body),
          createdAt: new Date(times[index] as number),
        })),
      )
      .returning({ id: forumPosts.id, authorId: forumPosts.authorId });
    written += posts.length;
    let threadLikes = 0;
    for (const post of posts) {
      const likers = random.sample(
        members.filter((id) => id !== post.authorId),
        random.int(0, 4),
      );
      if (likers.length === 0) continue;
      await db.insert(forumPostLikes).values(likers.map((userId) => ({ postId: post.id, userId })));
      await db.update(forumPosts).set({ likeCount: likers.length }).where(sql`${forumPosts.id} = ${post.id}`);
      threadLikes += likers.length;
    }
    await db
      .update(forumThreads)
      .set({ likeCount: threadLikes })
      .where(sql`${forumThreads.id} = ${thread.id}`);
  }
  // The members' forum counters of the reputation cards, as the forum's writes keep them.
  await db.execute(
    sql`insert into forum_member_stats (user_id, post_count, likes_received)
        select author_id, count(*), coalesce(sum(like_count), 0) from forum_posts
        where deleted_at is null group by author_id
        on conflict (user_id) do update
        set post_count = excluded.post_count, likes_received = excluded.likes_received`,
  );
  return written;
}
