"""The reading toolkit every parser uses: labels found from vocabularies kept as data
(intake/doctypes/), values taken from the label's cell by geometry, checked against their
shape, with a calibrated confidence. The same code reads a text layer and OCR boxes."""
