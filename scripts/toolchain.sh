# Sourced by the project's scripts: puts a JDK >= 21 and Maven >= 3.9.9 on PATH.
# The JDK must already be on the machine (Debian and Temurin JDKs live under /usr/lib/jvm);
# Maven is fetched once from Maven Central into .tools/ and checked against its SHA-512.

BGML_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BGML_TOOLS="$BGML_ROOT/.tools"
BGML_MAVEN_VERSION=3.9.9
BGML_MAVEN_SHA512=a555254d6b53d267965a3404ecb14e53c3827c09c3b94b5678835887ab404556bfaf78dcfe03ba76fa2508649dca8531c74bca4d5846513522404d48e8c4ac8b
BGML_CENTRAL="${BGML_MAVEN_CENTRAL:-https://repo.maven.apache.org/maven2}"

bgml_java_major() { # prints the feature version of the java binary $1
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n1
}

bgml_find_jdk() {
  local candidates=() c v
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  for c in /usr/lib/jvm/* /opt/java/* /usr/local/lib/jvm/*; do [ -d "$c" ] && candidates+=("$c"); done
  local best="" bestv=0
  for c in "${candidates[@]}"; do
    [ -x "$c/bin/javac" ] || continue
    v=$(bgml_java_major "$c/bin/java"); v=${v%%.*}
    [ -n "$v" ] || continue
    if [ "$v" -ge 21 ] && [ "$v" -gt "$bestv" ]; then best="$c"; bestv=$v; fi
  done
  if [ -z "$best" ]; then
    echo "bgml: no JDK 21 or newer found (looked at \$JAVA_HOME and /usr/lib/jvm)." >&2
    echo "bgml: install one, e.g. 'apt-get install openjdk-21-jdk' or a Temurin 21+ JDK, then retry." >&2
    return 1
  fi
  echo "$best"
}

bgml_fetch_maven() {
  local home="$BGML_TOOLS/apache-maven-$BGML_MAVEN_VERSION"
  if [ ! -x "$home/bin/mvn" ]; then
    mkdir -p "$BGML_TOOLS"
    local tgz="$BGML_TOOLS/apache-maven-$BGML_MAVEN_VERSION-bin.tar.gz"
    local url="$BGML_CENTRAL/org/apache/maven/apache-maven/$BGML_MAVEN_VERSION/apache-maven-$BGML_MAVEN_VERSION-bin.tar.gz"
    echo "bgml: fetching Maven $BGML_MAVEN_VERSION from Maven Central" >&2
    curl -fsSL --retry 3 -o "$tgz.part" "$url" || { echo "bgml: could not download $url" >&2; return 1; }
    echo "$BGML_MAVEN_SHA512  $tgz.part" | sha512sum -c --quiet - || { echo "bgml: checksum mismatch for $url" >&2; rm -f "$tgz.part"; return 1; }
    mv "$tgz.part" "$tgz"
    tar -xzf "$tgz" -C "$BGML_TOOLS" && rm -f "$tgz"
  fi
  echo "$home"
}

JAVA_HOME="$(bgml_find_jdk)" || return 1 2>/dev/null || exit 1
export JAVA_HOME
MAVEN_HOME="$(bgml_fetch_maven)" || return 1 2>/dev/null || exit 1
export MAVEN_HOME
export PATH="$JAVA_HOME/bin:$MAVEN_HOME/bin:$PATH"
