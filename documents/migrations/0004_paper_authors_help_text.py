"""Help text only (no SQL): ``Paper.authors`` now comes from ``PaperColumns``, shared with ``search.SearchPaper``."""
import django.contrib.postgres.fields
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("documents", "0003_paper_search_vector_inline"),
    ]

    operations = [
        migrations.AlterField(
            model_name="paper",
            name="authors",
            field=django.contrib.postgres.fields.ArrayField(
                base_field=models.CharField(max_length=256), blank=True, default=list,
                help_text='as the record names them ("P Nazzaro", or a group); empty = the source gave none',
                size=None,
            ),
        ),
    ]
