import exampleQuestions from '../../../../search/data/example_questions.json';

/**
 * Example questions that have studies in the offline demo corpus (drug topics). One source for the
 * ask page and the back end's scope guard (search/scope.py offers them for off-topic questions).
 */
export const EXAMPLE_QUESTIONS: readonly string[] = exampleQuestions.questions;

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

