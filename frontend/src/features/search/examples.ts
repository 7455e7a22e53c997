/** Example questions that have studies in the offline demo corpus (drug topics). */
export const EXAMPLE_QUESTIONS: readonly string[] = [
  'Do ACE inhibitors reduce mortality in heart failure?',
  'Does sumatriptan relieve migraine?',
  'Do proton pump inhibitors heal reflux esophagitis?',
  'Is hormone replacement therapy linked to breast cancer?',
];

/** Publication types offered as filters: the canonical PubMed names accepted by search/validation.py. */
export const PUBLICATION_TYPE_OPTIONS: readonly string[] = [
  'Randomized Controlled Trial',
  'Meta-Analysis',
  'Systematic Review',
  'Review',
  'Clinical Trial',
  'Controlled Clinical Trial',
  'Observational Study',
  'Comparative Study',
  'Multicenter Study',
  'Case Reports',
  'Practice Guideline',
  'Guideline',
  'Journal Article',
];

export const MAX_QUESTION_CHARS = 500;
