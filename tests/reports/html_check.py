"""Checks for self-contained HTML reports, shared by the report tests."""

import base64
import io
from html.parser import HTMLParser

import matplotlib.image as mpimg

PNG = b"\x89PNG\r\n\x1a\n"


class Page(HTMLParser):
    """Collects image sources, links and the text of the page; fails on unbalanced tags."""

    VOID = {"meta", "img", "br", "hr", "link", "input"}

    def __init__(self):
        super().__init__()
        self.images, self.links, self.stack, self.text = [], [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append(attrs.get("src", ""))
        if tag in ("a", "link", "script"):
            self.links.append(attrs.get("href") or attrs.get("src"))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"unbalanced </{tag}> after {self.stack[-3:]}"
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse(path) -> Page:
    page = Page()
    page.feed(path.read_text())
    page.close()
    assert page.stack == [], f"unclosed tags {page.stack}"
    return page


def assert_embedded_images(page: Page, count: int):
    assert len(page.images) == count
    for src in page.images:
        assert src.startswith("data:image/png;base64,")
        data = base64.b64decode(src.split(",", 1)[1], validate=True)
        assert data.startswith(PNG) and len(data) > 2_000
        pixels = mpimg.imread(io.BytesIO(data))
        assert pixels.std() > 0.01  # not a blank canvas
    assert not [link for link in page.links if link], "a self-contained page loads nothing"
