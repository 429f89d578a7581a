// Demo materials for `npm start` on an empty database: a link and a small PDF on each approved
// demo session, added through the service (same rules and file store as a real upload).
import type { DemoSeeder } from '#server/factories.ts';
import { materialRepository } from './material-repository.ts';
import { materialService } from './material-service.ts';

function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const seedDemoMaterials: DemoSeeder = async (deps, users) => {
  const materials = materialService(deps);
  const repo = materialRepository(deps.db.kysely);
  for (const tutor of users.filter((u) => u.role === 'tutor')) {
    const sessions = await repo.approvedSessionsOf(tutor.id);
    const me = { id: tutor.id, name: tutor.name, email: tutor.email, role: 'tutor' as const, status: 'Verified' as const, image: null, timeZone: null, language: null };
    for (const session of sessions) {
      await materials.create(me, { sessionId: session.id, title: 'Reading list', content: { link: 'https://en.wikipedia.org/wiki/Study_skills' } });
      const fileName = `${session.title.replace(/[^\w]+/g, '-').toLowerCase()}-handout.pdf`;
      await materials.create(me, { sessionId: session.id, title: 'Handout', content: { file: { bytes: demoPdf(session.title), fileName } } });
    }
  }
};
