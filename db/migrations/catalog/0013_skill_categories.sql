-- Which categories of work a skill belongs to, so a form offers the skills of the category chosen (a skill may
-- serve several: Figma is design and web development). A skill with no row here is offered everywhere.
CREATE TABLE catalog.skill_categories (
  skill_id int NOT NULL REFERENCES catalog.skills (id),
  category_id int NOT NULL REFERENCES catalog.categories (id),
  PRIMARY KEY (skill_id, category_id)
);
CREATE INDEX skill_categories_category_idx ON catalog.skill_categories (category_id);

-- Categories: 1 development, 2 design, 3 texts, 4 marketing, 5 video-audio, 6 engineering, 7 photo, 8 business.
INSERT INTO catalog.skill_categories (skill_id, category_id) VALUES
  (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1), (10, 1), (11, 1), (12, 1), (13, 1),
  (14, 1), (14, 8), (15, 1), (16, 1), (17, 1), (18, 1), (18, 4), (19, 1), (19, 2), (19, 4), (20, 1), (20, 4),
  (21, 1), (21, 2), (22, 2), (22, 7), (23, 2), (24, 2), (24, 5), (24, 6), (25, 2), (25, 6), (26, 6), (27, 6),
  (28, 2), (28, 5), (29, 5), (30, 5), (30, 7), (31, 3), (31, 4), (32, 3), (33, 3), (34, 3), (35, 4), (36, 4),
  (37, 4), (38, 4), (39, 8), (40, 8), (41, 3), (41, 8), (42, 4), (42, 8);
