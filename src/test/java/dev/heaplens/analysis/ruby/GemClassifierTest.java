package dev.heaplens.analysis.ruby;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class GemClassifierTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/app/vendor/bundle/ruby/3.1.0/gems/activesupport-7.1.3/lib/active_support/core_ext.rb | activesupport",
            "/usr/local/lib/ruby/gems/3.3.0/gems/nokogiri-1.16.0-x86_64-linux/lib/nokogiri.rb | nokogiri",
            "/home/u/.gem/ruby/3.2.0/gems/rack-3.0.8/lib/rack/utils.rb | rack",
            "/app/vendor/bundle/ruby/3.1.0/bundler/gems/rails-0123abcdef99/activerecord/lib/a.rb | rails",
            "/usr/share/rubygems-integration/all/gems/rake-13.0.6/lib/rake.rb | rake",
            "/usr/lib/ruby/vendor_ruby/rspec/core.rb | rspec (vendor_ruby)",
            "/usr/lib/ruby/vendor_ruby/pry.rb | pry (vendor_ruby)",
            "/usr/lib/ruby/3.1.0/set.rb | ruby stdlib",
            "/opt/rubies/ruby-3.3.0/lib/ruby/3.3.0/json/common.rb | ruby stdlib",
            "<internal:kernel> | ruby core",
            "/app/app/models/user.rb | app",
            "(eval) | app",
            "basic.rb | app"})
    void namesTheOriginOfAPath(String path, String gem) {
        assertThat(GemClassifier.gemOf(path)).isEqualTo(gem);
    }
}
